import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CheckFormulaRequestSchema,
  CheckFormulaResponseSchema,
  ReportFieldsResponseSchema,
  ReportOrganizationQuerySchema,
  ReportSlugParamsSchema,
} from '@maya/contracts';
import { organizationOf } from '../../platform/guards';
import { answering, reportErrors } from './routes';
import type { ReportEditor } from './editor';

const tags = ['reports'];

/** The report editor's reads (issue 32): the model's fields and the formula check. */
export async function reportEditorRoutes(app: FastifyInstance, editor: ReportEditor): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/reports/:slug/fields',
    {
      config: { guard: 'organization' },
      schema: {
        tags,
        summary:
          "The tables, dimensions and measures of the report's model the editor offers (without the document's calculated metrics)",
        params: ReportSlugParamsSchema,
        querystring: ReportOrganizationQuerySchema,
        response: { 200: ReportFieldsResponseSchema, ...reportErrors },
      },
    },
    async (request) => answering(request, () => editor.fields(organizationOf(request), request.params.slug)),
  );

  api.post(
    '/reports/:slug/formula',
    {
      config: { guard: 'organization', reads: true },
      schema: {
        tags,
        summary:
          "Checks a calculated metric's formula against the report's model and the metrics before it; what is wrong is the answer's `error`",
        params: ReportSlugParamsSchema,
        body: CheckFormulaRequestSchema,
        response: { 200: CheckFormulaResponseSchema, ...reportErrors },
      },
    },
    async (request) =>
      answering(request, () =>
        editor.checkFormula(
          organizationOf(request),
          request.params.slug,
          request.body.metric,
          request.body.calculated_measures,
        ),
      ),
  );
}

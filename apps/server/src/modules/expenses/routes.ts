import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CurrenciesResponseSchema,
  DeleteExpenseResponseSchema,
  ErrorResponseSchema,
  ExpenseCategoriesResponseSchema,
  ExpenseParamsSchema,
  ExpenseSchema,
  ExpensesQuerySchema,
  ExpensesResponseSchema,
  ExpenseSubcategoriesResponseSchema,
  SaveExpenseRequestSchema,
  ValidationErrorResponseSchema,
} from '@maya/contracts';
import { organizationOf } from '../../platform/guards';
import { errorResponses } from '../../platform/http';
import type { ExpensesService } from './service';

const tags = ['expenses'];
const guard = { guard: 'organization' as const };
const unavailable = { 503: ErrorResponseSchema };

/** spec 001 §7 Expenses: GET /expenses; GET/PUT/DELETE /expenses/{uuid}; categories, subcategories, currencies. */
export async function expensesRoutes(app: FastifyInstance, service: ExpensesService): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/currencies',
    {
      config: { guard: 'user' },
      schema: {
        tags,
        summary: 'The currencies amounts may be in (code, name, symbol, decimals of the minor unit)',
        response: { 200: CurrenciesResponseSchema, ...errorResponses(401) },
      },
    },
    async () => service.currencies(),
  );

  api.get(
    '/expenses/categories',
    {
      config: { guard: 'user' },
      schema: {
        tags,
        summary: 'The expense categories',
        response: { 200: ExpenseCategoriesResponseSchema, ...errorResponses(401) },
      },
    },
    async () => service.categories(),
  );

  api.get(
    '/expenses/subcategories',
    {
      config: { guard: 'user' },
      schema: {
        tags,
        summary: 'The expense subcategories, each naming its category',
        response: { 200: ExpenseSubcategoriesResponseSchema, ...errorResponses(401) },
      },
    },
    async () => service.subcategories(),
  );

  api.get(
    '/expenses',
    {
      config: guard,
      schema: {
        tags,
        summary:
          "The organization's expenses, newest payment first, each also in the organization's currency",
        querystring: ExpensesQuerySchema,
        response: { 200: ExpensesResponseSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ({ expenses: await service.list(organizationOf(request).organizationId) }),
  );

  api.get(
    '/expenses/:uuid',
    {
      config: guard,
      schema: {
        tags,
        summary: 'One expense; 404 when the organization has none with this id',
        params: ExpenseParamsSchema,
        querystring: ExpensesQuerySchema,
        response: { 200: ExpenseSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => service.get(organizationOf(request).organizationId, request.params.uuid),
  );

  api.put(
    '/expenses/:uuid',
    {
      config: guard,
      schema: {
        tags,
        summary:
          'Creates or replaces the expense at this id (the form makes the id of a new one); reports see it at once',
        params: ExpenseParamsSchema,
        body: SaveExpenseRequestSchema,
        response: {
          200: ExpenseSchema,
          ...errorResponses(401, 403, 404),
          422: ValidationErrorResponseSchema,
          ...unavailable,
        },
      },
    },
    async (request) => {
      const { organization_id: _organization, ...input } = request.body;
      return service.save(organizationOf(request), request.params.uuid, input);
    },
  );

  api.delete(
    '/expenses/:uuid',
    {
      config: guard,
      schema: {
        tags,
        summary: 'Deletes the expense; reports see it gone at once',
        params: ExpenseParamsSchema,
        querystring: ExpensesQuerySchema,
        response: { 200: DeleteExpenseResponseSchema, ...errorResponses(401, 403, 404), ...unavailable },
      },
    },
    async (request) => service.remove(organizationOf(request), request.params.uuid),
  );
}

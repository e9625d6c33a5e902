import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import {
  DATASET_SQL_LIMITS,
  DateRangeSchema,
  ReportQueryRequestSchema,
  ReportStateSchema,
  encodeReportState,
  type Bookmark,
  type ReportQueryRequest,
} from '@maya/contracts';
import { AppError } from '../../platform/errors';
import { planLimitReached } from '../billing';
import { errorResult, jsonResult, type McpCaller, type McpDeps, type ToolAnswer } from './context';
const REPORT_ROWS = { default: 200, max: 1_000 } as const;

class ToolInputError extends Error {}

function parsed<T>(
  schema: {
    safeParse(v: unknown): { success: true; data: T } | { success: false; error: { message: string } };
  },
  value: unknown,
  what: string,
): T {
  const result = schema.safeParse(value);
  if (!result.success) throw new ToolInputError(`${what}: ${result.error.message}`);
  return result.data;
}

function flatten(bookmarks: readonly Bookmark[]): Bookmark[] {
  return bookmarks.flatMap((b) => [b, ...flatten(b.children)]);
}

/** What a failure tells the assistant: our own refusals in words, anything else as a failure. */
function messageOf(error: unknown): string | null {
  if (error instanceof ToolInputError) return error.message;
  if (error instanceof AppError)
    return typeof error.extra.message === 'string' ? `${error.type}: ${error.extra.message}` : error.type;
  if (error instanceof Error && 'code' in error && typeof error.code === 'string')
    return `${error.code}: ${error.message}`;
  return null;
}

/**
 * The tools of one call, for one caller: every one reads only the organization and dataset the
 * token was granted, and every call is written to the audit log with the rows it returned.
 */
export function registerTools(server: McpServer, deps: McpDeps, caller: McpCaller): void {
  const organizationId = caller.access.organizationId;
  const tool = <Shape extends z.ZodRawShape>(
    name: string,
    description: string,
    inputSchema: Shape,
    run: (args: z.infer<z.ZodObject<Shape>>) => Promise<ToolAnswer>,
  ) => {
    server.registerTool(name, { description, inputSchema }, (async (args: z.infer<z.ZodObject<Shape>>) => {
      try {
        const answer = await run(args);
        await deps.record(caller.grant, name, 'ok', answer.rows);
        return jsonResult(answer.data);
      } catch (error) {
        await deps.record(caller.grant, name, 'error', null);
        const message = messageOf(error);
        if (message === null) throw error;
        return errorResult(message);
      }
    }) as never);
  };

  tool('list_tables', 'The tables of the dataset with their columns and what each holds.', {}, async () => {
    const models = await deps.modelling.models(organizationId);
    const tables = models.map(({ model, derived }) => ({
      schema: 'analytics',
      name: model.name,
      description: model.description,
      columns: [
        ...model.columns.map((c) => ({ name: c.name, type: c.type, description: c.description })),
        ...derived.map((d) => ({
          name: d.column,
          type: 'string',
          description: `Cluster column: ${d.label}`,
        })),
      ],
    }));
    return { data: { tables }, rows: tables.length };
  });

  tool(
    'describe_semantic_model',
    'The semantic model reports read: per table its measures and dimensions, and the cluster columns.',
    {},
    async () => {
      const [models, tables] = await Promise.all([
        deps.modelling.semanticModels(organizationId),
        deps.modelling.models(organizationId),
      ]);
      const data = {
        models: models.map((m) => ({
          name: m.name,
          label: m.label,
          tables: m.tables.map((t) => ({
            name: t.name,
            label: t.label,
            time_dimension: t.timeDimension,
            dimensions: t.dimensions.map((d) => ({
              name: d.name,
              label: d.label,
              type: d.type,
              grains: d.grains,
            })),
            measures: t.measures.map((ms) => ({ name: ms.name, label: ms.label, format: ms.format })),
          })),
        })),
        clusters: tables.flatMap(({ derived }) =>
          derived.map((d) => ({ table: d.table, column: d.column, label: d.label })),
        ),
      };
      return { data, rows: data.models.length };
    },
  );

  tool(
    'run_report_query',
    'Measures by dimensions of one semantic table, under filters and a date range, through the report engine.',
    {
      report: z.string().default('-maya').describe('The report whose model to read (its slug)'),
      table: z.string().describe('A semantic model table (describe_semantic_model)'),
      measures: z.array(z.string()).max(20),
      dimensions: z.array(z.string()).max(10).default([]),
      filters: z
        .array(z.any())
        .max(50)
        .default([])
        .describe('Report filters, as the report state holds them'),
      date_range: z.object({ from: z.string(), to: z.string() }).nullable().default(null),
      limit: z.number().int().min(1).max(REPORT_ROWS.max).default(REPORT_ROWS.default),
    },
    async (args) => {
      const report = await deps.reports.access(caller.access, args.report);
      const page = report.document.pages[0]?.name;
      if (page === undefined) throw new ToolInputError(`${args.report} has no page`);
      const request: Omit<ReportQueryRequest, 'organization_id'> = reportQuery(args, page);
      const answer = await deps.reports.query(caller.access, args.report, request);
      return { data: answer, rows: answer.rows.length };
    },
  );

  tool(
    'run_sql',
    `One read-only SELECT on the dataset (DuckDB SQL; tables in the analytics schema). At most ${DATASET_SQL_LIMITS.maxRows} rows, ${DATASET_SQL_LIMITS.timeoutMs / 1000} s.`,
    {
      sql: z.string().max(DATASET_SQL_LIMITS.maxLength),
      limit: z.number().int().min(1).max(DATASET_SQL_LIMITS.maxRows).default(DATASET_SQL_LIMITS.defaultRows),
    },
    async (args) => {
      // SQL on the dataset is the plan's database access, as sharing it is (decision 623).
      if (!(await deps.hasDatabaseAccess(organizationId))) throw planLimitReached('database_access');
      const result = await deps.modelling.readOnlySql(organizationId, args.sql, args.limit);
      return { data: result, rows: result.rows.length };
    },
  );

  tool(
    'list_bookmarks',
    'The saved report views (bookmarks) the user sees, with the link that opens each.',
    { report_slug: z.string().optional() },
    async (args) => {
      const list = await deps.bookmarks.list(caller, args.report_slug ?? null, 'menu');
      const bookmarks = flatten([...list.bookmarks, ...list.navigation_bookmarks])
        .filter((b) => !b.is_category)
        .map((b) => ({
          id: b.id,
          name: b.name,
          report_slug: b.report_slug,
          link: linkOf(deps.appUrl, caller.organizationSlug, b),
        }));
      return { data: { bookmarks }, rows: bookmarks.length };
    },
  );

  tool(
    'create_bookmark',
    'Saves a report state as a private bookmark of the user and returns the link that opens it.',
    {
      report_slug: z.string(),
      name: z.string().min(1).max(100),
      state: z
        .record(z.string(), z.any())
        .describe('The report state: version 1, page, filters, slicers, sort, adhoc'),
    },
    async (args) => {
      const state = parsed(ReportStateSchema, args.state, 'state');
      const [created] = await deps.bookmarks.create(caller, args.report_slug, [
        { name: args.name, state: encodeReportState(state), is_private: true },
      ]);
      if (created === undefined) throw new Error('the bookmark was not created');
      const data = {
        id: created.id,
        name: created.name,
        link: linkOf(deps.appUrl, caller.organizationSlug, created),
      };
      return { data, rows: 1 };
    },
  );
}

/** The bookmark's page in the app: under its organization, as every dashboard route is. */
function linkOf(appUrl: string, organizationSlug: string, bookmark: Bookmark): string {
  return `${appUrl}/organization/${encodeURIComponent(organizationSlug)}/dashboard/${encodeURIComponent(bookmark.report_slug)}/bookmarks/${encodeURIComponent(bookmark.slug)}`;
}

/** The query the dashboard would send for an ad-hoc table visual of these fields. */
export function reportQuery(
  args: {
    report: string;
    table: string;
    measures: string[];
    dimensions: string[];
    filters: unknown[];
    date_range: { from: string; to: string } | null;
    limit: number;
  },
  page: string,
): Omit<ReportQueryRequest, 'organization_id'> {
  return {
    report: args.report,
    page,
    visual_id: 'mcp_query',
    filters: parsed(ReportQueryRequestSchema.shape.filters, args.filters, 'filters'),
    date_range: args.date_range === null ? null : parsed(DateRangeSchema, args.date_range, 'date_range'),
    sort: null,
    visual: {
      id: 'mcp_query',
      title: null,
      table: args.table,
      layout: { x: 0, y: 0, w: 12, h: 6 },
      kind: 'table',
      dimensions: args.dimensions.map((name) => ({ name, grain: null })),
      measures: args.measures,
      sort: [],
      limit: args.limit,
      totals: false,
    },
  };
}

// What the sandbox BigQuery understands: exactly the statement sql.ts builds (whitespace aside),
// by the session's or the user's first-touch traffic source, over any
// `project.analytics_N.events_*` table, with its two named STRING parameters. Anything
// else is answered as BigQuery answers a query it cannot run: 400 with reason invalidQuery.
import { EVENTS_DAILY_FIELDS, SUFFIX_PARAMETERS, eventsDailySql, type Attribution } from './sql';

export type EventsQuery = {
  projectId: string;
  datasetId: string;
  fromSuffix: string;
  toSuffix: string;
  attribution: Attribution;
};

const normalize = (sql: string) => sql.replace(/\s+/g, ' ').trim();
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The template with the table reference as a capture: built from a placeholder dataset. */
const shape = (attribution: Attribution) => {
  const template = normalize(eventsDailySql('placeholder-project', 'analytics_0', attribution));
  const at = template.indexOf('placeholder-project.analytics_0');
  const before = template.slice(0, at);
  const after = template.slice(at + 'placeholder-project.analytics_0'.length);
  return new RegExp(`^${escape(before)}([a-z0-9.:-]+)\\.(analytics_\\d+)${escape(after)}$`, 'i');
};
const SHAPES: readonly [Attribution, RegExp][] = [
  ['session', shape('session')],
  ['first_touch', shape('first_touch')],
];

export type QueryParameter = {
  name?: string;
  parameterType?: { type?: string };
  parameterValue?: { value?: string };
};

export type Interpretation = { ok: true; query: EventsQuery } | { ok: false; message: string };

export function interpretQuery(sql: string, parameters: readonly QueryParameter[]): Interpretation {
  const text = normalize(sql);
  const [attribution, match] = SHAPES.map(([a, regex]) => [a, regex.exec(text)] as const).find(
    ([, m]) => m !== null,
  ) ?? ['session', null];
  const [, projectId, datasetId] = match ?? [];
  if (!projectId || !datasetId) {
    return {
      ok: false,
      message:
        'Syntax error: the sandbox BigQuery runs only the GA4 events_daily aggregate of the Maya connector ' +
        '(see services/ga4-events/sql.ts).',
    };
  }
  const value = (name: string): { error: string } | { text: string } => {
    const parameter = parameters.find((p) => p.name === name);
    if (!parameter) return { error: `Query parameter '${name}' not found` };
    if ((parameter.parameterType?.type ?? '') !== 'STRING')
      return { error: `Query parameter '${name}' must be of type STRING.` };
    const text = parameter.parameterValue?.value ?? '';
    if (!/^\d{8}$/.test(text)) return { error: `Query parameter '${name}' must be a table suffix YYYYMMDD.` };
    return { text };
  };
  const from = value(SUFFIX_PARAMETERS.from);
  if ('error' in from) return { ok: false, message: from.error };
  const to = value(SUFFIX_PARAMETERS.to);
  if ('error' in to) return { ok: false, message: to.error };
  return {
    ok: true,
    query: { projectId, datasetId, fromSuffix: from.text, toSuffix: to.text, attribution },
  };
}

export const RESULT_SCHEMA = {
  fields: EVENTS_DAILY_FIELDS.map((f) => ({ name: f.name, type: f.type, mode: 'NULLABLE' })),
};

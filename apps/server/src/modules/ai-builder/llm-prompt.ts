// What the language model is told and what it must answer: the report described from its
// document and model (pages, visuals, filters, fields, values found in the data), the state's
// shape, and the answer's schema. Its state is then checked as any generated state is.
import {
  reportLimits,
  type FilterValue,
  type ReportDocument,
  type ReportFilter,
  type Visual,
  unreachable,
} from '@maya/contracts';
import {
  dateLabel,
  otherNames,
  visualFields,
  type DimensionValues,
  type SemanticModel,
} from '@maya/analytics';
import { z } from 'zod';
import type { ChatMessage } from './llm';

/** Values of one column shown to the model; the rest are counted. */
const VALUES_SHOWN = 30;

/** The model's answer: a state (null when the report cannot show the request), a name, a reply. */
export const LlmAnswerSchema = z
  .object({
    state: z.unknown(),
    name: z.string().trim().min(1).max(100).nullish(),
    text_response: z.string().trim().min(1).max(2_000),
  })
  .refine((a) => a.state !== undefined, {
    message: 'give "state" (null when the report cannot show it)',
    path: ['state'],
  })
  .refine((a) => a.state === null || (a.name ?? null) !== null, {
    message: 'name the bookmark',
    path: ['name'],
  });
export type LlmAnswer = z.infer<typeof LlmAnswerSchema>;

const atNoon = (day: string) => `${day}T${reportLimits.defaultFilterTime}`;

function filterNow(filter: ReportFilter): string {
  switch (filter.kind) {
    case 'list':
      return filter.values.length === 0
        ? 'no values chosen'
        : `${filter.mode} ${JSON.stringify(filter.values)}`;
    case 'relative_date':
      return dateLabel({
        kind: 'relative',
        operator: filter.operator,
        count: filter.count,
        unit: filter.unit,
      });
    case 'advanced_date': {
      const first = `${filter.operator} ${JSON.stringify(filter.value)}`;
      const second = filter.and ?? null;
      return second === null ? first : `${first} and ${second.operator} ${JSON.stringify(second.value)}`;
    }
    case 'advanced_text':
      return `${filter.operator} ${JSON.stringify(filter.value)}`;
    default: {
      return unreachable(filter);
    }
  }
}

function describeVisual(visual: Visual, model: SemanticModel): string {
  const table = model.tables.find((t) => t.name === visual.table);
  const label = (name: string) =>
    table?.measures.find((m) => m.name === name)?.label ??
    table?.dimensions.find((d) => d.name === name)?.label ??
    name;
  const fields = visualFields(visual);
  const measures = fields.measures.map((m) => `${m} (${label(m)})`).join(', ');
  const dimensions = fields.dimensions.map((d) => `${d.name} (${label(d.name)})`).join(', ');
  const title = visual.title === null ? '' : ` "${visual.title}"`;
  const shows =
    visual.kind === 'slicer'
      ? `selects values of ${dimensions}`
      : [measures, dimensions === '' ? '' : `by ${dimensions}`].filter(Boolean).join(' ');
  return `    - ${visual.id}: ${visual.kind}${title} on table ${visual.table}, ${shows}`;
}

/**
 * The values of each column, with the other names marketers use for them (a country code's
 * names, a channel's platforms: "deu" (Germany, DE, DEU)), so the model maps "Germany" to 'deu'.
 */
function describeValues(values: DimensionValues): string[] {
  return [...values].map(([key, list]) => {
    const column = key.slice(key.indexOf('.') + 1);
    const named = (v: FilterValue) => {
      const others = typeof v === 'string' ? otherNames(column, v).slice(0, 4) : [];
      return others.length === 0 ? JSON.stringify(v) : `${JSON.stringify(v)} (${others.join(', ')})`;
    };
    const shown = list.slice(0, VALUES_SHOWN).map(named);
    const more = list.length > VALUES_SHOWN ? ` and ${list.length - VALUES_SHOWN} more` : '';
    return `- ${key}: ${shown.join(', ')}${more}`;
  });
}

/** The system message: the report, the state's shape, and the answer's. */
export function systemPrompt(
  doc: ReportDocument,
  model: SemanticModel,
  values: DimensionValues,
  today: string,
): string {
  const filters = [
    ...doc.filters.map((f) => ({ f, where: 'report' })),
    ...doc.pages.flatMap((p) => p.filters.map((f) => ({ f, where: `page ${p.name}` }))),
  ];
  const tables = model.tables.filter(
    (t) =>
      doc.pages.some((p) => p.visuals.some((v) => v.table === t.name)) ||
      filters.some(({ f }) => f.table === t.name),
  );
  return [
    `You turn a marketing analyst's request into a view of the report "${doc.name.replace(/^-/, '')}". Today is ${today} (UTC).`,
    '',
    'A view is a report state, a JSON object:',
    '{"version": 1, "page": <a page name>, "filters": [...], "slicers": [...], "sort": [...]}',
    '- filters: each replaces one of the report filters listed below: the same id, table and column. Kinds:',
    '  {"id", "table", "column", "kind": "list", "mode": "include" | "exclude", "values": [values exactly as in the data]}',
    `  {"id", "table", "column", "kind": "relative_date", "operator": "in_the_last" | "in_this" | "in_the_next", "count": ${reportLimits.relativeDateCountMin}-${reportLimits.relativeDateCountMax} (null for in_this), "unit": "day" | "week" | "month" | "quarter" | "year"}`,
    '  {"id", "table", "column", "kind": "advanced_date", "operator": "is" | "is_not" | "is_before" | "is_after", "value": "YYYY-MM-DDTHH:mm", "and": null | {"operator": <as above>, "value": "YYYY-MM-DDTHH:mm"}}',
    `    days are compared, the time ignored; "and" is an optional second condition the rows meet too, so a closed period (Q3 2025) is {"operator": "is_after", "value": "${atNoon('2025-06-30')}", "and": {"operator": "is_before", "value": "${atNoon('2025-10-01')}"}}`,
    '  {"id", "table", "column", "kind": "advanced_text", "operator": "contains" | "does_not_contain" | "starts_with" | "is" | "is_not" | "is_blank" | "is_not_blank", "value": text (null for is_blank and is_not_blank)}',
    '- slicers: [{"visual_id": <a slicer below>, "filter": <a list filter whose id is the visual id, on the slicer\'s table and column>}]',
    '- sort: [{"visual_id": <a visual below>, "sort": [{"field": <a field that visual shows>, "direction": "asc" | "desc"}]}]',
    'Filters and sorts the request does not ask for are left out (empty arrays): the report keeps its own.',
    '- adhoc (optional): {"page": <the state\'s page>, "visual": <a visual of the shape below, id "adhoc", layout {"x": 0, "y": 0, "w": 12, "h": 2 for a kpi, 5 for a chart, 6 for a table}>}',
    '  only when no visual below shows exactly what is asked (its measures, its breakdown as rows, the date at the grain asked); it shows above the page under its filters. Kinds:',
    '  {"id", "kind": "kpi", "title", "table", "layout", "measure", "comparison": "previous_period" | null}',
    '  {"id", "kind": "line", "title", "table", "layout", "axis": {"name": "date", "grain": "day" | "week" | "month"}, "legend": null | {"name", "grain": null}, "measures": [...]}',
    '  {"id", "kind": "bar", "title", "table", "layout", "axis": {"name", "grain": null}, "legend": null, "measures": [...], "sort": [{"field", "direction"}], "limit": null}',
    '  {"id", "kind": "table", "title", "table", "layout", "dimensions": [{"name", "grain": null}], "measures": [...], "sort": [...], "limit": 100, "totals": true}',
    '  fields only of one table listed under "Fields of the tables"; a request for fields the tables lack has state null.',
    '',
    'Pages and their visuals:',
    ...doc.pages.flatMap((p) => [
      `- ${p.name} "${p.display_name}"`,
      ...p.visuals.map((v) => describeVisual(v, model)),
    ]),
    '',
    'Report filters (a state may set these only):',
    ...filters.map(
      ({ f, where }) => `- ${f.id}: ${f.kind} on ${f.table}.${f.column} (${where}), now ${filterNow(f)}`,
    ),
    '',
    'Fields of the tables:',
    ...tables.map(
      (t) =>
        `- ${t.name}: measures ${t.measures.map((m) => `${m.name} (${m.label})`).join(', ')}; dimensions ${t.dimensions.map((d) => `${d.name} (${d.label})`).join(', ')}`,
    ),
    '',
    'Values in the data, by table.column:',
    ...describeValues(values),
    '',
    'Answer with one JSON object and nothing else:',
    '{"state": <the view, or null when the report cannot show what is asked>, "name": <a short bookmark name, at most 100 characters>, "text_response": <one or two sentences to the analyst: what the view shows, or why the report cannot show it>}',
  ].join('\n');
}

export function firstMessages(system: string, prompt: string): ChatMessage[] {
  return [
    { role: 'system', content: system },
    { role: 'user', content: prompt },
  ];
}

/** The conversation again, with the invalid answer and why it was refused. */
export function retryMessages(
  messages: readonly ChatMessage[],
  answer: string,
  problem: string,
): ChatMessage[] {
  return [
    ...messages,
    { role: 'assistant', content: answer },
    {
      role: 'user',
      content: `That answer is not valid: ${problem}. Answer again with the JSON object only.`,
    },
  ];
}

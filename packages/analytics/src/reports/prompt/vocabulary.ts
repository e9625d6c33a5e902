// The words a prompt can name a report's fields and pages by: each measure and dimension of the
// tables the report reads, by its name, its label and the synonyms marketers use ("cost" is
// spend, "revenue" is conversion value), and each page by its name.
import type { ReportDocument, ReportPage } from '@maya/contracts';
import type { SemanticModel } from '../semantic-model';
import { phraseStems } from './text';

/** A measure or dimension; tables of one model share a field by name (clicks, date, country). */
export type Term = {
  kind: 'measure' | 'dimension';
  name: string;
  label: string;
  /** The report's tables that have it. */
  tables: string[];
  /** Each phrase as stems. */
  phrases: string[][];
};

/**
 * Words that ask for the date dimension at a grain ("weekly", "by month"): the visual at that
 * grain answers best.
 */
export const DATE_GRAINS: Readonly<Record<string, 'day' | 'week' | 'month'>> = {
  daily: 'day',
  'per day': 'day',
  'by day': 'day',
  'day by day': 'day',
  weekly: 'week',
  'per week': 'week',
  'by week': 'week',
  monthly: 'month',
  'per month': 'month',
  'by month': 'month',
  'month by month': 'month',
};

export type PageTerm = { page: ReportPage; phrases: string[][] };

export type Vocabulary = { measures: Term[]; dimensions: Term[]; pages: PageTerm[] };

export const MEASURE_SYNONYMS: Record<string, readonly string[]> = {
  spend: ['cost', 'costs', 'spent', 'spending', 'ad spend', 'media spend', 'amount spent'],
  impressions: ['impr', 'imps'],
  clicks: ['click'],
  ctr: ['click through rate', 'clickthrough rate', 'click rate'],
  cpc: ['cost per click', 'avg cpc', 'average cpc'],
  conversions: ['conversion', 'conv', 'convs'],
  conversion_rate: ['conv rate', 'cvr'],
  cpa: ['cost per acquisition', 'cost per conversion', 'cost per action', 'cost per lead', 'cpl'],
  conversion_value: ['revenue', 'conv value', 'sales value'],
  roas: ['return on ad spend', 'return on spend'],
  position: ['rank', 'ranks', 'ranked', 'ranking', 'rankings', 'avg position', 'average position'],
};

export const DIMENSION_SYNONYMS: Record<string, readonly string[]> = {
  date: ['over time', 'trend', 'timeline'],
  channel: ['platform', 'ad platform', 'network', 'ad network', 'traffic source', 'media source'],
  campaign_type: ['type of campaign'],
  ad_group: ['adgroup', 'ad set', 'adset'],
  account: ['ad account'],
  service: ['data source'],
  country: ['countries', 'market', 'geo'],
  query: ['queries', 'search query', 'search term', 'keyword'],
  page: ['url', 'landing page'],
  property: ['site', 'website'],
};

/**
 * Columns whose one-word values are everyday words of marketing ("Search", "Sales", "Leads",
 * "Video"), by the stems that, next to such a value, say the value is meant ("Search campaigns",
 * "Leads objective", "campaign type Sales"). Alone, "sales" or "leads" asks about results.
 */
export const VALUE_QUALIFIERS: Readonly<Record<string, readonly string[]>> = {
  campaign_type: ['campaign', 'ad', 'ads', 'objective', 'type'],
};

function phrasesOf(name: string, label: string, synonyms: readonly string[] = []): string[][] {
  const texts = new Set([name.replaceAll('_', ' '), label, ...synonyms]);
  // Labels with symbols (Position × impressions) keep only their words.
  return [...texts].map(phraseStems).filter((stems) => stems.length > 0);
}

/** The tables a report reads: its visuals', its filters' and its slicers'. */
export function reportTables(doc: ReportDocument): Set<string> {
  const filters = [...doc.filters, ...doc.pages.flatMap((p) => p.filters)];
  return new Set([
    ...doc.pages.flatMap((p) => p.visuals.map((v) => v.table)),
    ...filters.map((f) => f.table),
  ]);
}

function collect(
  kind: Term['kind'],
  model: SemanticModel,
  tables: Set<string>,
  synonyms: Record<string, readonly string[]>,
): Term[] {
  const terms = new Map<string, Term>();
  for (const table of model.tables.filter((t) => tables.has(t.name))) {
    for (const field of kind === 'measure' ? table.measures : table.dimensions) {
      const known = terms.get(field.name);
      if (known !== undefined) known.tables.push(table.name);
      else
        terms.set(field.name, {
          kind,
          name: field.name,
          label: field.label,
          tables: [table.name],
          phrases: phrasesOf(field.name, field.label, [
            ...(synonyms[field.name] ?? []),
            ...(field.name === 'date' ? Object.keys(DATE_GRAINS) : []),
          ]),
        });
    }
  }
  return [...terms.values()];
}

export function vocabularyOf(doc: ReportDocument, model: SemanticModel): Vocabulary {
  const tables = reportTables(doc);
  return {
    measures: collect('measure', model, tables, MEASURE_SYNONYMS),
    dimensions: collect('dimension', model, tables, DIMENSION_SYNONYMS),
    pages: doc.pages.map((page) => ({
      page,
      phrases: phrasesOf(page.name.replaceAll('-', '_'), page.display_name),
    })),
  };
}

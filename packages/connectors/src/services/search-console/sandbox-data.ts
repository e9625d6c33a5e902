// Deterministic Search Console data for the sandbox. Pages live on origins; a URL-prefix property
// sees the pages under its prefix and a domain property every page of its domain and subdomains,
// so `sc-domain:example.com` covers three URL-prefix properties (the overlap rule of spec 001 §5)
// and its numbers are exactly the sum of theirs plus the pages no prefix property covers.
//
// The finest grain is (date, query, page, country, device). As Google documents, rare queries are
// anonymized: they are left out of every answer grouped by query but counted in the totals, so
// daily totals by date/country/device exceed the sum of the query rows of the same day.
// https://support.google.com/webmasters/answer/7576553 ("Data discrepancies", anonymized queries)
import { utcDay } from '@maya/contracts';
import { daily, datesWithData, historyWindow, pick, unit, VOCABULARY } from '../../sandbox/apis/data';

export type PermissionLevel = 'siteOwner' | 'siteFullUser' | 'siteRestrictedUser' | 'siteUnverifiedUser';
export type SandboxSite = { siteUrl: string; permissionLevel: PermissionLevel };

/** Search Console keeps 16 months of data. */
const RETENTION_DAYS = 486;
/** `dataState: final` leaves out the last days, whose data is still fresh (incomplete). */
const FRESH_DAYS = 2;

export const SANDBOX_SITES: readonly SandboxSite[] = [
  { siteUrl: 'sc-domain:example.com', permissionLevel: 'siteOwner' },
  { siteUrl: 'https://www.example.com/', permissionLevel: 'siteOwner' },
  { siteUrl: 'https://blog.example.com/', permissionLevel: 'siteFullUser' },
  { siteUrl: 'http://example.com/', permissionLevel: 'siteRestrictedUser' },
  { siteUrl: 'https://trailfox.example/', permissionLevel: 'siteOwner' },
  // Listed by the API but not usable: the connector leaves it out.
  { siteUrl: 'sc-domain:northpeak.example', permissionLevel: 'siteUnverifiedUser' },
];

const slug = (text: string) => text.replace(/\s+/g, '-');
const products = VOCABULARY.products;

type Page = { url: string; weight: number; queries: readonly { text: string; weight: number }[] };

function productQueries(brand: string, product: string): { text: string; weight: number }[] {
  const queries = [
    { text: product, weight: 1 },
    { text: `${brand} ${product}`, weight: 0.6 },
  ];
  for (let i = 0; i < 4; i++) {
    const modifier = pick(VOCABULARY.modifiers, brand, product, i);
    const text = `${modifier} ${product}`;
    if (!queries.some((q) => q.text === text)) queries.push({ text, weight: 0.2 + unit(text) * 0.5 });
  }
  return queries;
}

function origin(base: string, weight: number, brand: string, kind: 'shop' | 'blog' | 'legacy'): Page[] {
  const home = {
    url: `${base}/`,
    weight: weight * 2,
    queries: [
      { text: brand, weight: 1 },
      { text: `${brand} outdoor`, weight: 0.4 },
      { text: `${brand} store`, weight: 0.3 },
    ],
  };
  const topics = kind === 'shop' ? products : kind === 'blog' ? products.slice(0, 10) : products.slice(0, 2);
  return [
    home,
    ...topics.map((product) => ({
      url: kind === 'blog' ? `${base}/how-to-choose-${slug(product)}/` : `${base}/${slug(product)}/`,
      weight: weight * (0.3 + unit(base, product)),
      queries:
        kind === 'blog'
          ? [{ text: `how to choose ${product}`, weight: 1 }, ...productQueries(brand, product).slice(2)]
          : productQueries(brand, product),
    })),
  ];
}

const PAGES: readonly Page[] = [
  ...origin('https://www.example.com', 1, 'acme', 'shop'),
  ...origin('https://blog.example.com', 0.5, 'acme', 'blog'),
  ...origin('http://example.com', 0.04, 'acme', 'legacy'),
  // The bare https origin: only the domain property sees it.
  ...origin('https://example.com', 0.08, 'acme', 'legacy'),
  ...origin('https://trailfox.example', 0.7, 'trailfox', 'shop'),
];

/**
 * Search Console's countries are ISO 3166-1 alpha-3, lower case. `rank` scales a page's position
 * there: the shops rank best at home (Greece) and further down where local sites compete, so
 * each country's average position is its own, as in a real property.
 */
const COUNTRIES = [
  { code: 'grc', weight: 1, rank: 1 },
  { code: 'deu', weight: 0.8, rank: 1.5 },
  { code: 'gbr', weight: 0.6, rank: 2.1 },
  { code: 'usa', weight: 0.7, rank: 2.6 },
  { code: 'fra', weight: 0.4, rank: 1.8 },
  { code: 'ita', weight: 0.3, rank: 1.3 },
  { code: 'esp', weight: 0.25, rank: 1.6 },
  { code: 'nld', weight: 0.2, rank: 1.2 },
] as const;
const DEVICES = [
  { code: 'MOBILE', weight: 1 },
  { code: 'DESKTOP', weight: 0.6 },
  { code: 'TABLET', weight: 0.08 },
] as const;

function pagesOf(siteUrl: string): readonly Page[] {
  if (siteUrl.startsWith('sc-domain:')) {
    const domain = siteUrl.slice('sc-domain:'.length);
    return PAGES.filter((page) => {
      const host = new URL(page.url).hostname;
      return host === domain || host.endsWith(`.${domain}`);
    });
  }
  return PAGES.filter((page) => page.url.startsWith(siteUrl));
}

export type Dimension = 'date' | 'query' | 'page' | 'country' | 'device';
export const DIMENSIONS: readonly Dimension[] = ['date', 'query', 'page', 'country', 'device'];

/** One fine row; `query` null for the anonymized remainder of a page, country and device. */
type Fine = {
  date: string;
  query: string | null;
  page: string;
  country: string;
  device: string;
  clicks: number;
  impressions: number;
  position: number;
};

function* fineRows(siteUrl: string, date: string): Generator<Fine> {
  for (const page of pagesOf(siteUrl)) {
    for (const country of COUNTRIES) {
      for (const device of DEVICES) {
        let namedImpressions = 0;
        let namedClicks = 0;
        for (const query of page.queries) {
          const base = 40 * page.weight * query.weight * country.weight * device.weight;
          const impressions = daily(base, date, page.url, query.text, country.code, device.code);
          if (impressions === 0) continue;
          // Rank: a stable per-query rank in each country, with a little daily movement.
          const rank =
            (1 + 25 * unit(page.url, query.text) ** 2) *
            country.rank *
            (0.8 + 0.4 * unit('rank', country.code, query.text));
          const position = Math.round((rank + 2 * unit(date, page.url, query.text, device.code)) * 10) / 10;
          const ctr = 0.32 / position ** 0.9;
          const clicks = Math.min(
            impressions,
            Math.floor(
              impressions *
                ctr *
                (0.6 + 0.8 * unit('c', date, page.url, query.text, country.code, device.code)),
            ),
          );
          namedImpressions += impressions;
          namedClicks += clicks;
          yield {
            date,
            query: query.text,
            page: page.url,
            country: country.code,
            device: device.code,
            clicks,
            impressions,
            position,
          };
        }
        if (namedImpressions === 0) continue;
        const share = 0.1 + 0.25 * unit('anon', date, page.url, country.code, device.code);
        const impressions = Math.round(namedImpressions * share);
        if (impressions === 0) continue;
        const clicks = Math.min(impressions, Math.round(namedClicks * share * 0.7));
        yield {
          date,
          query: null,
          page: page.url,
          country: country.code,
          device: device.code,
          clicks,
          impressions,
          position: Math.round(18.5 * country.rank * 10) / 10,
        };
      }
    }
  }
}

export type SearchRow = {
  keys: string[];
  clicks: number;
  impressions: number;
  ctr: number;
  position: number;
};

export type SearchQuery = {
  startDate: string;
  endDate: string;
  dimensions: readonly Dimension[];
  dataState: 'final' | 'all';
};

/** The dates the property has data for: 16 months, and not the fresh days unless `dataState: all`. */
export function searchDates(query: SearchQuery, nowMs: number): string[] {
  const dates = datesWithData(query.startDate, query.endDate, nowMs);
  const { last } = historyWindow(nowMs);
  const lastMs = Date.parse(`${last}T00:00:00Z`);
  const first = utcDay(lastMs - (RETENTION_DAYS - 1) * 86_400_000);
  const end = query.dataState === 'all' ? last : utcDay(lastMs - FRESH_DAYS * 86_400_000);
  return dates.filter((date) => date >= first && date <= end);
}

/**
 * searchAnalytics.query: rows grouped by the dimensions, ordered by clicks (then impressions,
 * keys). `restated` is the factor of a day's restatement (sandbox/apis/late-conversions.ts):
 * Google revising a day's clicks and impressions, both scaled so that clicks stay at most the
 * impressions.
 */
export function searchAnalytics(
  siteUrl: string,
  query: SearchQuery,
  nowMs: number,
  restated: (date: string) => number = () => 1,
): SearchRow[] {
  const byQuery = query.dimensions.includes('query');
  const groups = new Map<
    string,
    { key: string; keys: string[]; clicks: number; impressions: number; weighted: number }
  >();
  for (const date of searchDates(query, nowMs)) {
    const factor = restated(date);
    for (const fine of fineRows(siteUrl, date)) {
      const row =
        factor === 1
          ? fine
          : {
              ...fine,
              clicks: Math.round(fine.clicks * factor),
              impressions: Math.round(fine.impressions * factor),
            };
      if (row.query === null && byQuery) continue;
      const keys = query.dimensions.map((d) => row[d] ?? '');
      const key = keys.join('\u0001');
      let group = groups.get(key);
      if (!group) groups.set(key, (group = { key, keys, clicks: 0, impressions: 0, weighted: 0 }));
      group.clicks += row.clicks;
      group.impressions += row.impressions;
      group.weighted += row.position * row.impressions;
    }
  }
  const sorted = [...groups.values()].sort(
    (a, b) => b.clicks - a.clicks || b.impressions - a.impressions || (a.key < b.key ? -1 : 1),
  );
  return sorted.map((group) => ({
    keys: group.keys,
    clicks: group.clicks,
    impressions: group.impressions,
    ctr: group.clicks / group.impressions,
    position: group.weighted / group.impressions,
  }));
}

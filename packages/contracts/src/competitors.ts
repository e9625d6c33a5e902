// Competition reports (spec 001 §2 Competitors, §3, §4, §5, §7, §8, §9; issue 29): for the top
// search terms of a Search Console property or a Google Ads account, the domains Google shows
// in one country, organic and paid, computed monthly from a SERP provider (DataForSEO).
import { z } from 'zod/mini';
import { CountryListResponseSchema } from './billing';
import { modelling } from './constants';

/** spec 001 §5 and §8, verbatim. */
export const competitorsMessages = {
  couldNotSave: 'Could not save',
  loadFailed: 'Failed loading competitors reports',
  validationSuffix: ': Validation error',
  deleteFailed: 'Could not delete the report.',
  countriesFailed: 'Could not get available countries',
  cantConnect: "Can't connect to the server",
  saveFailed: 'Error saving the report',
  noAccounts: 'No accounts to select from',
  noValues: 'No values to select from',
  reportFailed: 'Failed loading report',
} as const;

/** spec 001 §9: only these services' accounts are selectable. */
export const COMPETITOR_SERVICES = ['google_search_console', 'google_ads'] as const;
export type CompetitorService = (typeof COMPETITOR_SERVICES)[number];

/** spec 001 §9: the order is fixed by the account's service (Cost for ads, Clicks otherwise). */
export const COMPETITOR_ORDER_BY = ['cost', 'clicks'] as const;
export type CompetitorOrderBy = (typeof COMPETITOR_ORDER_BY)[number];
export const competitorOrderBy = (service: string): CompetitorOrderBy =>
  service === 'google_ads' ? 'cost' : 'clicks';

export const competitorLimits = {
  searchTermsNumber: modelling.competitorSearchTermsNumber,
  defaultCountry: modelling.competitorDefaultCountry,
  /** Reports per organization (decision 641). */
  maxReports: 20,
} as const;

/** The built-in 'Is Brand' column of search terms (clusters decision 273): the default filter. */
export const IS_BRAND_COLUMN_ID = 'b4a7d000-0000-4000-8000-000000000102';
/** spec 001 §9: 'Is Brand' values No/Yes, sent as no/yes. */
export const IS_BRAND_VALUES = [
  { label: 'No', value: 'no' },
  { label: 'Yes', value: 'yes' },
] as const;

/**
 * The countries a report can look at: ISO 3166-1 alpha-2 (lower case, the wire's `code`), Search
 * Console's alpha-3, and DataForSEO's location code (Google's geo target id) and language.
 */
export const GOOGLE_SEARCH_COUNTRIES = [
  { code: 'at', name: 'Austria', alpha3: 'aut', locationCode: 2040, languageCode: 'de' },
  { code: 'au', name: 'Australia', alpha3: 'aus', locationCode: 2036, languageCode: 'en' },
  { code: 'be', name: 'Belgium', alpha3: 'bel', locationCode: 2056, languageCode: 'nl' },
  { code: 'bg', name: 'Bulgaria', alpha3: 'bgr', locationCode: 2100, languageCode: 'bg' },
  { code: 'ca', name: 'Canada', alpha3: 'can', locationCode: 2124, languageCode: 'en' },
  { code: 'ch', name: 'Switzerland', alpha3: 'che', locationCode: 2756, languageCode: 'de' },
  { code: 'cy', name: 'Cyprus', alpha3: 'cyp', locationCode: 2196, languageCode: 'el' },
  { code: 'cz', name: 'Czechia', alpha3: 'cze', locationCode: 2203, languageCode: 'cs' },
  { code: 'de', name: 'Germany', alpha3: 'deu', locationCode: 2276, languageCode: 'de' },
  { code: 'dk', name: 'Denmark', alpha3: 'dnk', locationCode: 2208, languageCode: 'da' },
  { code: 'es', name: 'Spain', alpha3: 'esp', locationCode: 2724, languageCode: 'es' },
  { code: 'fi', name: 'Finland', alpha3: 'fin', locationCode: 2246, languageCode: 'fi' },
  { code: 'fr', name: 'France', alpha3: 'fra', locationCode: 2250, languageCode: 'fr' },
  { code: 'gb', name: 'United Kingdom', alpha3: 'gbr', locationCode: 2826, languageCode: 'en' },
  { code: 'gr', name: 'Greece', alpha3: 'grc', locationCode: 2300, languageCode: 'el' },
  { code: 'ie', name: 'Ireland', alpha3: 'irl', locationCode: 2372, languageCode: 'en' },
  { code: 'it', name: 'Italy', alpha3: 'ita', locationCode: 2380, languageCode: 'it' },
  { code: 'nl', name: 'Netherlands', alpha3: 'nld', locationCode: 2528, languageCode: 'nl' },
  { code: 'no', name: 'Norway', alpha3: 'nor', locationCode: 2578, languageCode: 'no' },
  { code: 'pl', name: 'Poland', alpha3: 'pol', locationCode: 2616, languageCode: 'pl' },
  { code: 'pt', name: 'Portugal', alpha3: 'prt', locationCode: 2620, languageCode: 'pt' },
  { code: 'ro', name: 'Romania', alpha3: 'rou', locationCode: 2642, languageCode: 'ro' },
  { code: 'se', name: 'Sweden', alpha3: 'swe', locationCode: 2752, languageCode: 'sv' },
  { code: 'tr', name: 'Turkey', alpha3: 'tur', locationCode: 2792, languageCode: 'tr' },
  { code: 'us', name: 'United States', alpha3: 'usa', locationCode: 2840, languageCode: 'en' },
] as const;
export type GoogleSearchCountry = (typeof GOOGLE_SEARCH_COUNTRIES)[number];
export const googleSearchCountry = (code: string): GoogleSearchCountry | null =>
  GOOGLE_SEARCH_COUNTRIES.find((c) => c.code === code) ?? null;

export const CompetitorsErrorType = {
  reportNotFound: 'competition_report_not_found',
  /** The account is not the organization's, or not Search Console / Google Ads (422). */
  accountNotSelectable: 'competition_account_not_selectable',
  tooManyReports: 'too_many_competition_reports',
} as const;

/** The built-in report over the computed shares (reports module). */
export const COMPETITORS_REPORT_SLUG = '-competitors';
export const COMPETITORS_REPORT_NAME = 'Competitors';

/** spec 001 §3 Country: code, name (the billing countries' shape). */
export const GoogleSearchCountriesResponseSchema = CountryListResponseSchema;
export type GoogleSearchCountriesResponse = z.infer<typeof GoogleSearchCountriesResponseSchema>;

/** The last computation of a report: queued on save or by the monthly schedule, then its end. */
export const CompetitionRunSchema = z.object({
  status: z.enum(['queued', 'running', 'finished', 'failed']),
  /** The month computed, `YYYY-MM`. */
  month: z.nullable(z.string()),
  started_at: z.nullable(z.string()),
  finished_at: z.nullable(z.string()),
  /** The provider's message when it failed (the previous month's data stay). */
  error: z.nullable(z.string()),
  terms: z.int(),
  /** SERPs bought from the provider (cached ones cost nothing). */
  requests: z.int(),
  /** What those cost, in millionths of `currency` (DataForSEO bills in USD). */
  cost_micros: z.int(),
  currency: z.string(),
});
export type CompetitionRun = z.infer<typeof CompetitionRunSchema>;

/** spec 001 §3 Competitors report, with the account's name and its last computation. */
export const CompetitionReportSchema = z.object({
  uuid: z.uuid(),
  account_uuid: z.uuid(),
  country_code: z.string(),
  filter_column: z.uuid(),
  filter_value: z.string(),
  search_terms_number: z.int(),
  order_by: z.enum(COMPETITOR_ORDER_BY),
  account_name: z.nullable(z.string()),
  account_service: z.nullable(z.string()),
  /** The organization's own domain the report compares against (null: unknown). */
  own_domain: z.nullable(z.string()),
  last_run: z.nullable(CompetitionRunSchema),
});
export type CompetitionReport = z.infer<typeof CompetitionReportSchema>;

/** A filter column the editor offers: the search terms' cluster columns and their values. */
export const CompetitorFilterColumnSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  values: z.array(z.object({ label: z.string(), value: z.string() })),
});
export type CompetitorFilterColumn = z.infer<typeof CompetitorFilterColumnSchema>;

export const CompetitionReportsQuerySchema = z.object({
  organization_id: z.uuid(),
  /** spec 001 §7: list (optional filterColumn). */
  filter_column: z.optional(z.uuid()),
});
export const CompetitionReportsResponseSchema = z.object({
  reports: z.array(CompetitionReportSchema),
  filter_columns: z.array(CompetitorFilterColumnSchema),
});
export type CompetitionReportsResponse = z.infer<typeof CompetitionReportsResponseSchema>;

export const CompetitionReportQuerySchema = z.object({ organization_id: z.uuid() });
export const CompetitionReportParamsSchema = z.object({ report_id: z.uuid() });
export const CompetitionReportResponseSchema = z.object({ report: CompetitionReportSchema });
export type CompetitionReportResponse = z.infer<typeof CompetitionReportResponseSchema>;

/**
 * PUT /competition_reports (spec 001 §7: reportId/uuid, countryCode, accountUUID, columnId,
 * value, orderBy). Country, account, column and value are required (else 'Could not save');
 * the order is the account's (checked by the server), the number of terms fixed at 300.
 */
export const SaveCompetitionReportRequestSchema = z.object({
  organization_id: z.uuid(),
  uuid: z.uuid(),
  country_code: z
    .string()
    .check(z.refine((code) => googleSearchCountry(code) !== null, 'Not a supported country')),
  account_uuid: z.uuid(),
  column_id: z.uuid(),
  value: z.string().check(z.minLength(1), z.maxLength(200)),
  order_by: z.optional(z.enum(COMPETITOR_ORDER_BY)),
});
export type SaveCompetitionReportRequest = z.infer<typeof SaveCompetitionReportRequestSchema>;

export const DeleteCompetitionReportQuerySchema = z.object({ organization_id: z.uuid() });
export const RunCompetitionReportRequestSchema = z.object({ organization_id: z.uuid() });

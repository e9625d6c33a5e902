// The canonical models, in the order docs/data-model.md lists them (buildModels orders them by
// their dependencies).
import { APP_STORE_INSTALLS } from './app-stores';
import { BUDGETS } from './budgets';
import { CONVERSIONS } from './conversions';
import { EMAIL_CAMPAIGNS } from './email-campaigns';
import { EXPENSES, MARKETING_COSTS } from './expenses';
import { GA4_EVENTS, GA4_TRAFFIC } from './ga4';
import { MARKETING_PERFORMANCE } from './marketing-performance';
import type { CanonicalModel } from './model';
import { KEYWORDS, SEARCH_TERMS } from './paid-search';
import { LANDING_PAGES, SEARCH_CONSOLE_QUERIES, SEARCH_CONSOLE_TOTALS } from './search-console';

export const CANONICAL_MODELS: readonly CanonicalModel[] = [
  MARKETING_PERFORMANCE,
  CONVERSIONS,
  KEYWORDS,
  SEARCH_TERMS,
  LANDING_PAGES,
  BUDGETS,
  SEARCH_CONSOLE_QUERIES,
  SEARCH_CONSOLE_TOTALS,
  GA4_TRAFFIC,
  GA4_EVENTS,
  APP_STORE_INSTALLS,
  EMAIL_CAMPAIGNS,
  EXPENSES,
  MARKETING_COSTS,
];

export { searchConsoleConnector, createSearchConsoleConnector, SEARCH_CONSOLE_SCOPE } from './connector';
export type { SearchConsoleOptions } from './connector';
export { SEARCH_ANALYTICS_STREAM, SEARCH_ANALYTICS_TOTALS_STREAM } from './streams';

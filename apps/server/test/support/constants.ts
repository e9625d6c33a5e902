export const TEMPLATE_DATABASE = 'maya_template';
export const TEST_SECRET_KEY = 'test-secret-key-that-is-at-least-32-characters-long';

/**
 * The history a reports test loads (FIRST_LOAD_MAX_DAYS): the months its views read, a year
 * and more short of the plan's two years. Loading two years (first load and backfill) is the
 * ETL tests' subject; for a test that reads the last weeks it tripled the file's time.
 */
export const REPORTS_TEST_HISTORY = { FIRST_LOAD_MAX_DAYS: '120' };

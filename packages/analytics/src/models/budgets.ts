// Budgets: no connector loads campaign budgets yet, so the table is built empty with its
// definition, for reports and clusters (the `budget` category) to read now and get rows once a
// connector's stream is added as a source here.
import { ACCOUNT_ID, CHANNEL, CURRENCY, DATE, SOURCE_SERVICE, key, minorUnits, summed } from './columns';
import type { CanonicalModel } from './model';

export const BUDGETS: CanonicalModel = {
  name: 'budgets',
  description:
    'Daily budgets per day, service, account and campaign. Not provided yet: no connector loads budgets, so the table is empty.',
  columns: [
    DATE,
    SOURCE_SERVICE,
    ACCOUNT_ID,
    key('campaign_id', 'string', "The campaign's provider id."),
    CHANNEL,
    CURRENCY,
    summed('budget_micros', 'bigint', 'The daily budget in millionths of the currency.'),
    minorUnits('budget_minor', 'budget_micros', 'The daily budget in minor units.'),
  ],
  dependsOn: [],
  sources: [],
};

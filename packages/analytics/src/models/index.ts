export {
  MODEL_SCHEMA,
  buildModels,
  ModelBuildError,
  type BuildModelsOptions,
  type BuildModelsResult,
  type BuiltModel,
} from './build';
export { CANONICAL_MODELS } from './catalog';
export { AD_SERVICES, countsAsMetaConversion, type AdService } from './channels';
export { ident, tableRef, type SqlDialect } from './dialect';
export {
  modelContext,
  modelReads,
  modelSql,
  modelTable,
  rawTable,
  type CanonicalModel,
  type ModelColumn,
  type ModelContext,
  type ModelSettings,
  type ModelSource,
} from './model';
export { currencyExponent } from './money';
export { orderModels } from './order';
export { ROLLUPS, isRollupTable, rollupBuild, rollupsOf, type Rollup } from './rollups';
export { packSql, packValue } from './packed-key';
export { EXCHANGE_RATES, moneyDays, writeExchangeRates, type ExchangeRate } from './exchange-rates';
export {
  COST_TYPE_AD_SPEND,
  COST_TYPE_EXPENSES,
  EXPENSE_DAYS,
  EXPENSE_DAYS_TABLE,
  EXPENSES,
  EXPENSES_CHANNEL,
  MARKETING_COSTS,
  tablesCarrying,
} from './expenses';
export {
  CUSTOM_TABLE_SERVICE,
  MANUAL_ADS_CHANNEL,
  MANUAL_ADS_COLUMNS,
  MANUAL_ADS_SERVICE,
  MANUAL_ADS_TABLE,
} from './manual-ads';

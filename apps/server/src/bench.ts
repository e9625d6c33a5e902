// `@maya/server/bench`: the server code the benchmarks (bench/, the @maya/bench workspace) run in
// process, declared in package.json "exports" so that bench/ never imports server files by path.
// Each name comes through its module's index.ts, like any other caller outside the modules.
export { loadAccount, rawTableName, RAW_SCHEMA } from './modules/etl';
export { createReportEngine, type EngineDeps, type ReportEngine } from './modules/reports';
export { applyDerivedColumns, organizationSemanticModels, type DerivedColumn } from './modules/modelling';

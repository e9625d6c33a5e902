// @maya/analytics: the analytics domain over the Warehouse interface (@maya/warehouse/interface;
// the engine adapters stay in @maya/warehouse). The canonical models and their build (src/models),
// the semantic models, report query compiler and the AI Builder's prompt parser (src/reports), and
// the cluster rule compiler with its reference evaluator and previews (src/clusters).
export * from './models';
export * from './reports';
export * from './clusters';

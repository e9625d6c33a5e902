// @maya/analytics: the analytics domain over the Warehouse interface. For now the cluster rule
// compiler, its reference evaluator and the cluster previews (src/clusters).
export * from './clusters';

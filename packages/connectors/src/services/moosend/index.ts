// Moosend: the connector. Its sandbox API v3 (sandbox.ts, mounted at MOOSEND_SANDBOX_PREFIX, which
// matches sandboxEndpoints().moosend; API keys MOOSEND_SANDBOX_API_KEYS, any other is invalid) is
// exported by @maya/connectors/sandbox.
export { moosendConnector, createMoosendConnector } from './connector';
export type { MoosendOptions } from './connector';

// Moosend: the connector and its sandbox API v3 (mounted at MOOSEND_SANDBOX_PREFIX, which matches
// sandboxEndpoints().moosend). Sandbox API keys: MOOSEND_SANDBOX_API_KEYS; any other key is invalid.
export { moosendConnector, createMoosendConnector } from './connector';
export type { MoosendOptions } from './connector';
export { moosendSandbox, MOOSEND_SANDBOX_PREFIX, MOOSEND_INVALID_KEY } from './sandbox';
export { MOOSEND_SANDBOX_API_KEYS } from './sandbox-data';

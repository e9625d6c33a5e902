export { ga4Connector, createGa4Connector, GA4_SCOPE } from './connector';
export type { Ga4Options } from './connector';
export { ga4Sandbox, GA4_SANDBOX_PREFIX } from './sandbox';
export { TRAFFIC_DAILY_STREAM, EVENTS_DAILY_STREAM } from './streams';

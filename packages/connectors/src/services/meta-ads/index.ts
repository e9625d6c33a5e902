// Meta Ads: the connector. Its sandbox Graph API (sandbox.ts, mounted at META_ADS_SANDBOX_PREFIX,
// which matches sandboxEndpoints().metaGraph) is exported by @maya/connectors/sandbox; the OAuth
// dialog is the sandbox identity provider 'meta'.
export { metaAdsConnector, createMetaAdsConnector, META_ADS_SCOPES } from './connector';
export type { MetaAdsOptions } from './connector';
export { META_GRAPH_VERSION, readMetaError } from './graph';

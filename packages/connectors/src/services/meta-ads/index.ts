// Meta Ads: the connector and its sandbox Graph API (mounted at META_ADS_SANDBOX_PREFIX, which
// matches sandboxEndpoints().metaGraph). The OAuth dialog is the sandbox identity provider 'meta'.
export { metaAdsConnector, createMetaAdsConnector, META_ADS_SCOPES } from './connector';
export type { MetaAdsOptions } from './connector';
export { metaAdsSandbox, META_ADS_SANDBOX_PREFIX } from './sandbox';
export { META_GRAPH_VERSION, readMetaError } from './graph';
export { META_SANDBOX_AD_ACCOUNTS, META_SANDBOX_BUSINESSES } from './sandbox-data';
export { META_SANDBOX_NO_AD_ACCOUNTS_EMAIL } from '../../sandbox/meta';

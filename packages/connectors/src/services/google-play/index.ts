export { googlePlayConnector, createGooglePlayConnector, GOOGLE_PLAY_SCOPE } from './connector';
export type { GooglePlayOptions } from './connector';
export { cloudStorageSandbox, CLOUD_STORAGE_SANDBOX_PREFIX } from './sandbox';
export { INSTALLS_OVERVIEW_STREAM, INSTALLS_COUNTRY_STREAM } from './streams';

export { googlePlayConnector, createGooglePlayConnector, GOOGLE_PLAY_SCOPE } from './connector';
export type { GooglePlayOptions } from './connector';
export { INSTALLS_OVERVIEW_STREAM, INSTALLS_COUNTRY_STREAM } from './streams';

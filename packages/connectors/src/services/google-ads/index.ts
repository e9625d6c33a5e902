export { googleAdsConnector } from './connector';
export { GOOGLE_ADS_API_VERSION, GOOGLE_ADS_SCOPE } from './api';
export { readGoogleAdsError } from './error';
export { GOOGLE_ADS_STREAMS } from './streams';

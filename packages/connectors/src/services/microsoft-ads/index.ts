export { microsoftAdsConnector } from './connector';
export { MICROSOFT_ADS_SCOPE } from './api';
export { readMicrosoftAdsError } from './error';
export { MICROSOFT_ADS_STREAMS } from './streams';

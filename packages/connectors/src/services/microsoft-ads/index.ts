export { microsoftAdsConnector } from './connector';
export { microsoftAdsSandbox, MICROSOFT_ADS_SANDBOX_PREFIX } from './sandbox';
export { MICROSOFT_ADS_SCOPE } from './api';
export { readMicrosoftAdsError } from './error';
export { MICROSOFT_ADS_STREAMS } from './streams';

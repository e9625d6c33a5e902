// Where each provider lives, and the product's own client credentials there. Production uses the
// providers' documented hosts; development and tests point every URL at the sandbox mounted under
// {appUrl}/sandbox (DESIGN.md: the connector code is the production code, only the base URL differs).
import { META_GRAPH_VERSION } from './api-versions';

export type OAuthEndpoints = { authorizeUrl: string; tokenUrl: string };

export type ProviderEndpoints = {
  googleOAuth: OAuthEndpoints;
  googleAds: string;
  searchConsole: string;
  analyticsData: string;
  analyticsAdmin: string;
  bigquery: string;
  storage: string;
  microsoftOAuth: OAuthEndpoints;
  microsoftAdsCustomer: string;
  microsoftAdsReporting: string;
  metaOAuth: OAuthEndpoints;
  metaGraph: string;
  appleOAuthToken: string;
  appleAds: string;
  moosend: string;
  /** The ECB Data Portal: the daily euro reference rates reports convert money with. */
  ecbData: string;
  /** Google's PageSpeed Insights API (the PageSpeed URLs job). */
  pagespeed: string;
  /** DataForSEO's API (the competition reports' SERP data). */
  dataforseo: string;
};

export const PRODUCTION_ENDPOINTS: ProviderEndpoints = {
  googleOAuth: {
    authorizeUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
    tokenUrl: 'https://oauth2.googleapis.com/token',
  },
  googleAds: 'https://googleads.googleapis.com',
  searchConsole: 'https://searchconsole.googleapis.com',
  analyticsData: 'https://analyticsdata.googleapis.com',
  analyticsAdmin: 'https://analyticsadmin.googleapis.com',
  bigquery: 'https://bigquery.googleapis.com',
  storage: 'https://storage.googleapis.com',
  microsoftOAuth: {
    authorizeUrl: 'https://login.microsoftonline.com/common/oauth2/v2.0/authorize',
    tokenUrl: 'https://login.microsoftonline.com/common/oauth2/v2.0/token',
  },
  microsoftAdsCustomer: 'https://clientcenter.api.bingads.microsoft.com',
  microsoftAdsReporting: 'https://reporting.api.bingads.microsoft.com',
  metaOAuth: {
    authorizeUrl: `https://www.facebook.com/${META_GRAPH_VERSION}/dialog/oauth`,
    tokenUrl: `https://graph.facebook.com/${META_GRAPH_VERSION}/oauth/access_token`,
  },
  metaGraph: 'https://graph.facebook.com',
  appleOAuthToken: 'https://appleid.apple.com/auth/oauth2/token',
  appleAds: 'https://api.ads.apple.com',
  moosend: 'https://api.moosend.com',
  ecbData: 'https://data-api.ecb.europa.eu',
  pagespeed: 'https://www.googleapis.com',
  dataforseo: 'https://api.dataforseo.com',
};

/** The sandbox mounts (see sandbox/providers.ts), under `{base}/sandbox`. */
export function sandboxEndpoints(appUrl: string): ProviderEndpoints {
  const s = `${appUrl.replace(/\/+$/, '')}/sandbox`;
  return {
    googleOAuth: { authorizeUrl: `${s}/google/o/oauth2/v2/auth`, tokenUrl: `${s}/google/token` },
    googleAds: `${s}/google-ads`,
    searchConsole: `${s}/search-console`,
    analyticsData: `${s}/google-analytics`,
    analyticsAdmin: `${s}/google-analytics`,
    bigquery: `${s}/bigquery`,
    storage: `${s}/cloud-storage`,
    microsoftOAuth: {
      authorizeUrl: `${s}/microsoft/common/oauth2/v2.0/authorize`,
      tokenUrl: `${s}/microsoft/common/oauth2/v2.0/token`,
    },
    microsoftAdsCustomer: `${s}/microsoft-ads`,
    microsoftAdsReporting: `${s}/microsoft-ads`,
    metaOAuth: {
      authorizeUrl: `${s}/meta/${META_GRAPH_VERSION}/dialog/oauth`,
      tokenUrl: `${s}/meta/${META_GRAPH_VERSION}/oauth/access_token`,
    },
    metaGraph: `${s}/meta-graph`,
    appleOAuthToken: `${s}/apple/auth/oauth2/token`,
    appleAds: `${s}/apple-ads`,
    moosend: `${s}/moosend`,
    ecbData: `${s}/ecb`,
    pagespeed: `${s}/pagespeed`,
    dataforseo: `${s}/dataforseo`,
  };
}

/** The product's registered apps at each provider (secrets: from configuration only). */
export type ProviderClients = {
  google: { clientId: string; clientSecret: string; developerToken: string } | null;
  microsoft: { clientId: string; clientSecret: string; developerToken: string } | null;
  meta: { appId: string; appSecret: string } | null;
  /** The product's Google service account that GA4 BigQuery exports are shared with. */
  googleServiceAccount: { clientEmail: string; privateKeyPem: string } | null;
};

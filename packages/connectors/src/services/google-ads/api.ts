// What the Google Ads connector and its sandbox agree on: the API version, the OAuth scope, the
// JSON shapes of the REST interface and customer-id formatting.
// https://developers.google.com/google-ads/api/rest/overview

import { GOOGLE_ADS_API_VERSION } from '../../core/api-versions';

/** Paths and the GoogleAdsFailure type URL follow the version (core/api-versions.ts). */
export { GOOGLE_ADS_API_VERSION };

export const GOOGLE_ADS_SCOPE = 'https://www.googleapis.com/auth/adwords';

/** GoogleAdsService.Search answers at most this many rows a page; the page size is not settable. */
export const GOOGLE_ADS_PAGE_SIZE = 10_000;

/** The `@type` of the error detail that carries the Google Ads errors. */
export const GOOGLE_ADS_FAILURE_TYPE = `type.googleapis.com/google.ads.googleads.${GOOGLE_ADS_API_VERSION}.errors.GoogleAdsFailure`;

/** `{"queryError": "UNRECOGNIZED_FIELD"}`: one member, named after the error's enum. */
export type GoogleAdsErrorCode = Record<string, string>;

export type GoogleAdsError = {
  errorCode: GoogleAdsErrorCode;
  message: string;
  details?: { quotaErrorDetails?: { rateScope?: string; rateName?: string; retryDelay?: string } };
};

export type GoogleAdsFailureBody = {
  error: {
    code: number;
    message: string;
    status: string;
    details: { '@type': string; errors: GoogleAdsError[]; requestId: string }[];
  };
};

export type ListAccessibleCustomersResponse = { resourceNames?: string[] };

/** One GoogleAdsRow: resources by their camelCase name, int64 values as strings. */
export type GoogleAdsRow = Record<string, Record<string, unknown> | undefined>;

export type SearchResponse = {
  results?: GoogleAdsRow[];
  nextPageToken?: string;
  fieldMask?: string;
  requestId?: string;
};

/** '1234567890' → '123-456-7890', as the Google Ads interface shows customer ids. */
export function formatCustomerId(id: string): string {
  return /^\d{10}$/.test(id) ? `${id.slice(0, 3)}-${id.slice(3, 6)}-${id.slice(6)}` : id;
}

/** 'customers/1234567890' → '1234567890'. */
export function customerIdOf(resourceName: string): string {
  return resourceName.slice(resourceName.lastIndexOf('/') + 1);
}

import { ApiError, NETWORK_ERROR } from '../../../shared/api/ApiError';

/** A static file of the SPA (public/data), not an API call: it has no apiBaseUrl prefix. */
export const COMPANY_POSITIONS_URL = '/data/company-positions.json';

/**
 * The positions named by the spec (spec 000 §2), offered if the list cannot be loaded so that
 * sign-up never dead-ends on an empty dropdown.
 */
export const FALLBACK_POSITIONS: readonly string[] = [
  'CEO',
  'CMO',
  'CFO',
  'COO',
  'CDO',
  'Data Scientist',
  'Sales Manager',
  'Product Manager',
  'Scrum Master',
  'Customer Success',
  'Other',
];

export function parseCompanyPositions(data: unknown): string[] {
  if (!Array.isArray(data) || !data.every((item) => typeof item === 'string')) {
    throw new TypeError('company-positions.json is not a list of strings');
  }
  // The file's empty value stands for "none chosen"; it is not an option to pick.
  return [...new Set(data.map((item) => item.trim()).filter((item) => item !== ''))];
}

/** GET /data/company-positions.json (spec 000 §7). */
export async function getCompanyPositions(
  fetchFn: typeof fetch = (input, init) => globalThis.fetch(input, init),
): Promise<string[]> {
  let response: Response;
  try {
    response = await fetchFn(COMPANY_POSITIONS_URL, { headers: { Accept: 'application/json' } });
  } catch (cause) {
    throw new ApiError({ status: 0, type: NETWORK_ERROR, cause });
  }
  if (!response.ok) throw new ApiError({ status: response.status, type: 'http_error' });
  try {
    return parseCompanyPositions(await response.json());
  } catch (cause) {
    throw new ApiError({ status: response.status, type: 'invalid_response', cause });
  }
}

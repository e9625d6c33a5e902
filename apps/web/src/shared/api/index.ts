export { ApiError, isApiError, NETWORK_ERROR, VALIDATION_ERROR } from './ApiError';
export type { ApiErrorInit, ClientErrorType } from './ApiError';
export { apiClient, buildUrl, createApiClient } from './client';
export type { ApiClient, ApiClientDeps, HttpMethod, QueryValue, RequestOptions } from './client';
export { CONFIG_URL, createConfigLoader, loadPublicConfig } from './config';
export type { ConfigLoader } from './config';
export { createQueryClient, shouldRetry } from './queryClient';

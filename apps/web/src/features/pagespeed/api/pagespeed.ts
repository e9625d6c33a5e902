import {
  PagespeedTopUrlsResponseSchema,
  PagespeedUrlsResponseSchema,
  RunPagespeedResponseSchema,
  type PagespeedRun,
  type PagespeedTopUrlsResponse,
  type PagespeedUrl,
  type PagespeedUrlsResponse,
} from '@maya/contracts';
import { apiClient, type ApiClient } from '../../../shared/api/client';

/** GET /pagespeed_urls: the list in order, and the last measurement run. */
export function getPagespeedUrls(
  organizationId: string,
  client: ApiClient = apiClient,
): Promise<PagespeedUrlsResponse> {
  return client.get('/pagespeed_urls', {
    query: { organization_id: organizationId },
    parse: (data) => PagespeedUrlsResponseSchema.parse(data),
  });
}

/** PUT /pagespeed_urls: the whole list; the new URLs are measured next. */
export function savePagespeedUrls(
  organizationId: string,
  urls: PagespeedUrl[],
  client: ApiClient = apiClient,
): Promise<PagespeedUrlsResponse> {
  return client.put('/pagespeed_urls', {
    body: { organization_id: organizationId, urls },
    parse: (data) => PagespeedUrlsResponseSchema.parse(data),
  });
}

/** POST /pagespeed_urls/run: measures every URL now. */
export async function runPagespeed(
  organizationId: string,
  client: ApiClient = apiClient,
): Promise<PagespeedRun> {
  const answer = await client.post('/pagespeed_urls/run', {
    body: { organization_id: organizationId },
    parse: (data) => RunPagespeedResponseSchema.parse(data),
  });
  return answer.last_run;
}

/** GET /pagespeed_urls/top: the most clicked pages the list lacks. */
export function getTopPagespeedUrls(
  organizationId: string,
  client: ApiClient = apiClient,
): Promise<PagespeedTopUrlsResponse> {
  return client.get('/pagespeed_urls/top', {
    query: { organization_id: organizationId },
    parse: (data) => PagespeedTopUrlsResponseSchema.parse(data),
  });
}

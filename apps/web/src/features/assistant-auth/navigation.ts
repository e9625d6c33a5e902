/**
 * The query of the assistant authorization flow (spec 000 §2): the assistant hands over
 * `mcp_auth_token` and `next`; organization-select adds `org_id`.
 */
export type AssistantParams = {
  mcpAuthToken: string | null;
  next: string | null;
  orgId: string | null;
  /** Both mcp_auth_token and an http(s) next URL are present: authorization may proceed. */
  complete: boolean;
};

/** `next` leaves the app, so only an absolute http(s) URL is followed (never `javascript:`). */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

export function readAssistantParams(search: URLSearchParams): AssistantParams {
  const value = (name: string) => {
    const raw = search.get(name);
    return raw === null || raw.trim() === '' ? null : raw;
  };
  const mcpAuthToken = value('mcp_auth_token');
  const next = value('next');
  return {
    mcpAuthToken,
    next,
    orgId: value('org_id'),
    complete: mcpAuthToken !== null && next !== null && isHttpUrl(next),
  };
}

function flowQuery(params: AssistantParams, extra: Record<string, string> = {}): string {
  const query = new URLSearchParams();
  if (params.mcpAuthToken !== null) query.set('mcp_auth_token', params.mcpAuthToken);
  if (params.next !== null) query.set('next', params.next);
  for (const [key, value] of Object.entries(extra)) query.set(key, value);
  return query.toString();
}

export function organizationSelectUrl(params: AssistantParams): string {
  return `/organization-select?${flowQuery(params)}`;
}

export function datasetSelectUrl(params: AssistantParams, orgId: string): string {
  return `/dataset-select?${flowQuery(params, { org_id: orgId })}`;
}

/** Back to the assistant: `next` with mcp_auth_token, user_id, org_id (if present) and dataset_id. */
export function assistantCallbackUrl(
  next: string,
  values: { mcpAuthToken: string; userId: string; orgId: string | null; datasetId: string },
): string {
  const url = new URL(next);
  url.searchParams.set('mcp_auth_token', values.mcpAuthToken);
  url.searchParams.set('user_id', values.userId);
  if (values.orgId !== null) url.searchParams.set('org_id', values.orgId);
  url.searchParams.set('dataset_id', values.datasetId);
  return url.toString();
}

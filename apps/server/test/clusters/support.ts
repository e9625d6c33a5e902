import { randomUUID } from 'node:crypto';
import type { ClusterOperator } from '@maya/contracts';
import { expect } from 'vitest';
import { call, type AccountsApp } from '../support/accounts';
import { ownerQuery } from '../support/sources';

export { owner } from '../notifications/support';

type User = { token: string };

/** The clusters API as one user calls it, in one organization. */
export function clustersApi(t: AccountsApp, user: User, organizationId: string) {
  const query = `organization_id=${organizationId}`;
  const send = (method: string, path: string, body?: Record<string, unknown>) =>
    call(t.base, method, path, {
      token: user.token,
      ...(body ? { body: { organization_id: organizationId, ...body } } : {}),
    });
  return {
    categories: () => send('GET', `/clustering/categories?${query}`),
    category: (category: string) => send('GET', `/clustering/${category}?${query}`),
    column: (category: string, id: string) => send('GET', `/clustering/${category}/columns/${id}?${query}`),
    save: (category: string, id: string, column: Record<string, unknown>) =>
      send('PUT', `/clustering/${category}/columns/${id}`, column),
    remove: (category: string, id: string) =>
      send('DELETE', `/clustering/${category}/columns/${id}?${query}`),
    reorder: (category: string, columnIds: string[]) =>
      send('PUT', `/clustering/${category}/columns`, { updateType: 'reorder', columnIds }),
    preview: (category: string, body: Record<string, unknown>) =>
      send('POST', `/clustering/${category}/preview`, body),
    previewValue: (category: string, body: Record<string, unknown>) =>
      send('POST', `/clustering/${category}/preview_value`, body),
    sql: (category: string, column: Record<string, unknown>) =>
      send('POST', `/clustering/${category}/sql`, { column }),
    coverage: (category: string, column: Record<string, unknown>) =>
      send('POST', `/clustering/${category}/coverage`, { column }),
    wordGroups: () => send('GET', `/clustering/wordgroups?${query}`),
    saveWordGroups: (wordgroups: unknown[], extra: Record<string, unknown> = {}) =>
      send('PUT', '/clustering/wordgroups', { wordgroups, ...extra }),
  };
}
export type ClustersApi = ReturnType<typeof clustersApi>;

type Rule = { field: string; operator: ClusterOperator; value: string; condition?: 'and' | 'or' };

/** A rule set: its "then" value and rules. */
export const ruleSet = (name: string, rules: Rule[]) => ({ id: randomUUID(), name, rules });

/** Saves a new column and answers it (the call must succeed). */
export async function createdColumn(
  api: ClustersApi,
  category: string,
  name: string,
  values: ReturnType<typeof ruleSet>[] = [],
): Promise<{ id: string; name: string; db_name: string }> {
  const id = randomUUID();
  const answer = await api.save(category, id, { name, values });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as { id: string; name: string; db_name: string };
}

/** The category's column names in order, as the API lists them. */
export async function columnNames(api: ClustersApi, category: string): Promise<string[]> {
  const answer = await api.category(category);
  expect(answer.status).toBe(200);
  return (answer.body.columns as { name: string }[]).map((column) => column.name);
}

/** The organization's stored cluster rows, read as the tables' owner (past row-level security). */
export async function storedColumns(t: AccountsApp, organizationId: string) {
  return ownerQuery<{ id: string; name: string; position: number; rule_sets: unknown }>(
    t,
    organizationId,
    'select id, name, position, rule_sets from cluster_columns where organization_id = $1 order by category, position',
    [organizationId],
  );
}

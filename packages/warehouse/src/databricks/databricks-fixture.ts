import type { DatabricksDestinationConfig } from '../destination-config';
import type { TableSchema } from '../warehouse';
import type { DatabricksClient, DatabricksRequest } from './databricks-client';

/**
 * What the Databricks adapter's unit tests share: a destination, and a stand-in for the official
 * driver that records which statements the adapter sends, in which order, with which parameters.
 */

export const config: DatabricksDestinationConfig = {
  kind: 'databricks',
  host: 'adb-1234567890123456.7.azuredatabricks.net',
  httpPath: '/sql/1.0/warehouses/abcdef1234567890',
  authType: 'azure-client-secret',
  azureWorkspaceResourceId: '/subscriptions/s/resourceGroups/g/providers/Microsoft.Databricks/workspaces/w',
  azureClientId: 'client-id',
  azureClientSecret: 'secret',
  azureTenantId: 'tenant-id',
  catalog: 'main',
};

export type Answer = Record<string, unknown>[] | Error;

/** Answers each statement by the first matching rule; unmatched statements succeed with no rows. */
export function fakeClient(
  rules: [RegExp, Answer | ((request: DatabricksRequest) => Promise<Answer> | Answer)][] = [],
) {
  const sent: DatabricksRequest[] = [];
  let closed = 0;
  const client: DatabricksClient = {
    async execute(request) {
      sent.push(request);
      const rule = rules.find(([pattern]) => pattern.test(request.sql));
      const answer = typeof rule?.[1] === 'function' ? await rule[1](request) : (rule?.[1] ?? []);
      if (answer instanceof Error) throw answer;
      return { rows: answer };
    },
    async close() {
      closed += 1;
    },
  };
  return { client, sent, statements: () => sent.map((r) => r.sql), closedTimes: () => closed };
}

/** The adapter's question for a table's columns. */
export const DESCRIBE = /information_schema\.columns/;

const TYPES = {
  string: 'STRING',
  integer: 'INT',
  bigint: 'BIGINT',
  double: 'DOUBLE',
  decimal: 'DECIMAL',
  boolean: 'BOOLEAN',
  date: 'DATE',
  timestamp: 'TIMESTAMP',
  json: 'VARIANT',
};

/** information_schema's answer for a table of this definition. */
export function described(table: TableSchema): Record<string, unknown>[] {
  return table.columns.map((c) => ({
    column_name: c.name,
    data_type: TYPES[c.type],
    full_data_type: TYPES[c.type].toLowerCase(),
    is_nullable: c.nullable ? 'YES' : 'NO',
    key_position: table.primaryKey.includes(c.name) ? table.primaryKey.indexOf(c.name) : null,
  }));
}

// Accounts a provider renamed with a new API version (Apple's Campaign Management API v5 org ids,
// now Platform API v1 ad-account ids): before such an account loads, its rows in the warehouse
// take the new identifier, then the connected account does (decision 522). Reports keep the
// account's history under one account: nothing is reloaded, nothing duplicated.
import type { AccountIdentity, AccountRef, Connector, ConnectorContext } from '@maya/connectors';
import { ident, tableRef } from '@maya/analytics';
import type { Warehouse } from '@maya/warehouse';
import type { SourcesService } from '../sources';
import { RAW_SCHEMA, streamTable } from './load-account';

const ACCOUNT_COLUMN = 'account_id';

/**
 * Rewrites `account_id` from `from` to `to` in every table of the connector's streams, each
 * table rebuilt atomically (`materialize`). Running it again, after a failure half-way or once
 * done, changes nothing more: it is the retry.
 */
export async function rekeyAccountRows(
  warehouse: Warehouse,
  connector: Connector,
  from: string,
  to: string,
): Promise<void> {
  const existing = new Set(await warehouse.listTables(RAW_SCHEMA));
  for (const stream of connector.streams) {
    const table = streamTable(connector.id, stream);
    if (!existing.has(table.name)) continue;
    const q = (name: string) => ident(warehouse.engine, name);
    const account = q(ACCOUNT_COLUMN);
    const columns = table.columns.map((c) =>
      c.name === ACCOUNT_COLUMN
        ? `CASE WHEN ${account} = $1 THEN $2 ELSE ${account} END AS ${account}`
        : q(c.name),
    );
    const select = `SELECT ${columns.join(', ')} FROM ${tableRef(warehouse.engine, RAW_SCHEMA, table.name)}`;
    await warehouse.materialize(RAW_SCHEMA, table, select, [from, to]);
  }
}

/**
 * The account's identity in the connector's current API when the provider renamed it, its rows
 * re-keyed in the warehouse already; null when nothing changes. The caller renames the connected
 * account after it (a failure before that leaves the stored identifier, and the next load redoes
 * the idempotent re-keying).
 */
export async function migrateAccountRows(input: {
  warehouse: Warehouse;
  connector: Connector;
  context: ConnectorContext;
  account: AccountRef;
}): Promise<AccountIdentity | null> {
  const { connector, account } = input;
  if (!connector.migrateAccount) return null;
  const identity = await connector.migrateAccount(input.context, account);
  if (!identity || identity.identifier === account.identifier) return null;
  await rekeyAccountRows(input.warehouse, connector, account.identifier, identity.identifier);
  return identity;
}

/**
 * The connected account under its identifier in the connector's current API: migrated first when
 * its provider renamed it (the rows re-keyed, then the account renamed), else as it is stored.
 */
export async function migrateConnectedAccount(input: {
  sources: Pick<SourcesService, 'renameAccount'>;
  organizationId: string;
  serviceAccountId: string;
  warehouse: Warehouse;
  target: { connector: Connector; context: ConnectorContext; account: AccountRef };
  signal: AbortSignal;
}): Promise<AccountRef> {
  const { warehouse, target, signal } = input;
  const context = { ...target.context, signal };
  const renamed = await migrateAccountRows({
    warehouse,
    connector: target.connector,
    context,
    account: target.account,
  });
  if (!renamed) return target.account;
  await input.sources.renameAccount(input.organizationId, input.serviceAccountId, renamed);
  return { ...target.account, identifier: renamed.identifier };
}

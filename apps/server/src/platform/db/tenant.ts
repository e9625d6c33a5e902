import { sql } from 'drizzle-orm';
import { pgPolicy } from 'drizzle-orm/pg-core';
import type { Database, Transaction } from './pool';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `value` can name an organization (or a user): `withOrganization` refuses anything else. */
export const isTenantId = (value: string): boolean => UUID.test(value);

/**
 * The one way to touch an organization's rows: a transaction in which `app.organization_id` is
 * set LOCAL (set_config(..., true) is SET LOCAL with a bound parameter), so the forced policies
 * of every tenant table see that organization and no other, and the setting dies with the
 * transaction instead of leaking to the next user of the pooled connection.
 */
export async function withOrganization<T>(
  db: Database,
  organizationId: string,
  work: (tx: Transaction) => Promise<T>,
): Promise<T> {
  if (!UUID.test(organizationId))
    throw new Error(`withOrganization: not an organization id: ${organizationId}`);
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT set_config('app.organization_id', ${organizationId}, true)`);
    return work(tx);
  });
}

/**
 * A user's own rows across organizations (their memberships, say): a transaction with
 * `app.user_id` set LOCAL. Tables whose policy also admits `user_id = app.user_id` show those rows.
 */
export async function withUser<T>(
  db: Database,
  userId: string,
  work: (tx: Transaction) => Promise<T>,
): Promise<T> {
  if (!UUID.test(userId)) throw new Error(`withUser: not a user id: ${userId}`);
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT set_config('app.user_id', ${userId}, true)`);
    return work(tx);
  });
}

/**
 * The policy every tenant table carries (with FORCE added by its migration): rows are visible
 * and writable only inside `withOrganization` for their own organization.
 */
export function tenantPolicy(table: string, options: { alsoOwnRows?: boolean } = {}) {
  const sameOrganization = sql`organization_id = nullif(current_setting('app.organization_id', true), '')::uuid`;
  const visible = options.alsoOwnRows
    ? sql`(${sameOrganization} OR user_id = nullif(current_setting('app.user_id', true), '')::uuid)`
    : sameOrganization;
  // Reads may see the user's own rows; writes only ever happen inside withOrganization.
  return pgPolicy(`${table}_tenant_isolation`, { for: 'all', using: visible, withCheck: sameOrganization });
}

/**
 * Serializes, until the transaction ends, the transactions of one organization that check a
 * count and then write (a plan limit, a unique name): two racing requests cannot both see room.
 */
export async function lockOrganization(
  tx: Transaction,
  purpose: string,
  organizationId: string,
): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`${purpose}:${organizationId}`}, 0))`);
}

import pg from 'pg';
import type { AccountsApp } from './accounts';

/**
 * Puts the organization on a plan as a provider's webhook would leave it: its
 * `billing_subscriptions` row written by the tables' owner, inside the organization (the
 * policies are forced for the owner too).
 */
export async function givePlan(
  t: AccountsApp,
  organizationId: string,
  productId: string,
  status: 'trialing' | 'active' | 'past_due' | 'canceled' | 'unpaid' = 'active',
): Promise<void> {
  await asOwner(t, organizationId, async (client) => {
    await client.query(
      `INSERT INTO billing_subscriptions (organization_id, provider, external_id, product_id, status, event_at)
       VALUES ($1::uuid, 'local', 'test_' || $1::text, $2, $3, now())
       ON CONFLICT (organization_id) DO UPDATE SET product_id = $2, status = $3, event_at = now()`,
      [organizationId, productId, status],
    );
  });
}

/** A product with small limits the tests reach in a few requests (not listed, never seeded). */
export async function smallPlan(
  t: AccountsApp,
  id: string,
  limits: { accounts: number; users: number; integrations: number; customReports: number },
): Promise<string> {
  await asOwner(t, null, (client) =>
    client.query(
      `INSERT INTO products (id, title, description, mode, listed, accounts, users, integrations, data_history, custom_reports)
       VALUES ($1, $1, 'A plan of the tests', 'subscription', false, $2, $3, $4, 1, $5)
       ON CONFLICT (id) DO NOTHING`,
      [id, limits.accounts, limits.users, limits.integrations, limits.customReports],
    ),
  );
  return id;
}

async function asOwner<T>(
  t: AccountsApp,
  organizationId: string | null,
  work: (client: pg.Client) => Promise<T>,
) {
  const client = new pg.Client({ connectionString: t.app.platform.database.ownerUrl });
  await client.connect();
  try {
    if (organizationId)
      await client.query(`select set_config('app.organization_id', $1, false)`, [organizationId]);
    return await work(client);
  } finally {
    await client.end();
  }
}

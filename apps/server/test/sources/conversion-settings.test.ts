// Which Meta action types count as conversions (issue 30, decision 732): the organization's
// choice, administrators only, applied to the loaded conversions from the next load.
import { catalog } from '@maya/connectors';
import { META_DEFAULT_CONVERSION_ACTION_TYPES } from '@maya/contracts';
import { duckDbFileFor, openDuckDbWarehouse, type Row } from '@maya/warehouse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startAccountsApp, type AccountsApp } from '../support/accounts';
import {
  accountSettled,
  authorize,
  joinedMember,
  loadNow,
  organizationOwner,
  verifyCallback,
} from '../support/sources';

type Owner = Awaited<ReturnType<typeof organizationOwner>>;

const META = catalog.find((s) => s.id === 'facebook_ads')!;
let t: AccountsApp;
let owner: Owner;
let path: string;

beforeAll(async () => {
  t = await startAccountsApp({ FIRST_LOAD_MAX_DAYS: '5' });
  owner = await organizationOwner(t, 'meta-conversions@example.com');
  path = `/services/facebook_ads/conversion_settings?organization_id=${owner.organizationId}`;
  const verified = await verifyCallback(t, owner, META, await authorize(t, owner, META));
  expect(verified.status, JSON.stringify(verified.body)).toBe(200);
  const connected = await call(t.base, 'POST', '/service_accounts', {
    token: owner.token,
    body: {
      organization_id: owner.organizationId,
      credentialsId: verified.body.credentials_id,
      accounts: ['act_238400000000001'],
    },
  });
  expect(connected.status, JSON.stringify(connected.body)).toBe(200);
  const [account] = connected.body.service_accounts as { uuid: string }[];
  expect(await accountSettled(t, owner, account!.uuid)).toMatchObject({ sync_status: 'finished' });
}, 180_000);
afterAll(() => t.close());

async function warehouseRows(sql: string): Promise<Row[]> {
  const warehouse = await openDuckDbWarehouse({
    file: duckDbFileFor(t.app.platform.config.dataDir, owner.organizationId),
    sharing: t.app.platform.warehouseFiles.sharing,
  });
  try {
    return (await warehouse.query(sql, [], { timeoutMs: 30_000 })).rows;
  } finally {
    await warehouse.close();
  }
}

/** The action types the conversions model counts, and Meta's conversions in marketing performance. */
async function counted() {
  const types = await warehouseRows(
    `SELECT DISTINCT conversion_name FROM analytics.conversions
     WHERE source_service = 'facebook_ads' AND counts_as_conversion ORDER BY conversion_name`,
  );
  const [total] = await warehouseRows(
    `SELECT sum(conversions) AS n FROM analytics.marketing_performance WHERE source_service = 'facebook_ads'`,
  );
  return { types: types.map((r) => String(r.conversion_name)), conversions: Number(total?.n ?? 0) };
}

/** The raw conversions of these action types (an entry ending in `.*`: every type it starts). */
async function rawConversions(prefixes: string[]): Promise<number> {
  const rows = await warehouseRows('SELECT action_type, conversions FROM raw.facebook_ads__conversions');
  return rows
    .filter((r) =>
      prefixes.some((p) =>
        p.endsWith('*') ? String(r.action_type).startsWith(p.slice(0, -1)) : r.action_type === p,
      ),
    )
    .reduce((sum, r) => sum + Number(r.conversions), 0);
}

const loadAgain = () => loadNow(t, owner);

describe('Meta conversion action types', () => {
  it("counts Meta's purchase and lead events and the custom conversions by default", async () => {
    const settings = await call(t.base, 'GET', path, { token: owner.token });
    expect(settings.status).toBe(200);
    expect(settings.body).toMatchObject({
      service: 'facebook_ads',
      action_types: [...META_DEFAULT_CONVERSION_ACTION_TYPES],
      is_default: true,
      can_edit: true,
    });
    const { types, conversions } = await counted();
    expect(types).toContain('purchase');
    expect(types.some((type) => type.startsWith('offsite_conversion.custom.'))).toBe(true);
    expect(types).not.toContain('link_click');
    expect(conversions).toBe(await rawConversions([...META_DEFAULT_CONVERSION_ACTION_TYPES]));
  });

  it('refuses a member, an unknown action type and another service, changing nothing', async () => {
    const member = await joinedMember(t, owner, 'meta-conversions-member@example.com');
    const body = { organization_id: owner.organizationId, action_types: ['link_click'] };
    const refused = await call(t.base, 'PUT', path, { token: member.token, body });
    expect(refused.status).toBe(403);
    expect(refused.body.detail.type).toBe('conversion_settings_forbidden');
    const read = await call(t.base, 'GET', path, { token: member.token });
    expect(read.body).toMatchObject({ can_edit: false, is_default: true });

    const unknown = await call(t.base, 'PUT', path, {
      token: owner.token,
      body: { ...body, action_types: ['link_click', "purchase') OR TRUE --"] },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.detail).toMatchObject({
      type: 'unknown_action_type',
      action_type: "purchase') OR TRUE --",
    });
    const other = await call(
      t.base,
      'PUT',
      `/services/google_ads/conversion_settings?organization_id=${owner.organizationId}`,
      { token: owner.token, body },
    );
    expect(other.status).toBe(422);
    expect((await call(t.base, 'GET', path, { token: owner.token })).body.is_default).toBe(true);
  });

  it('counts the chosen action types from the next load, and the default again once reset', async () => {
    const chosen = ['link_click', 'offsite_conversion.custom.*'];
    const saved = await call(t.base, 'PUT', path, {
      token: owner.token,
      body: { organization_id: owner.organizationId, action_types: chosen },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({ action_types: chosen, is_default: false });
    const before = await counted();
    expect(before.types).toContain('purchase'); // nothing changes until the next load

    await loadAgain();
    const after = await counted();
    expect(after.types[0]).toBe('link_click');
    expect(after.types.slice(1).every((type) => type.startsWith('offsite_conversion.custom.'))).toBe(true);
    expect(after.conversions).toBe(await rawConversions(chosen));
    expect(after.conversions).toBeGreaterThan(before.conversions); // link clicks outnumber purchases

    const reset = await call(t.base, 'PUT', path, {
      token: owner.token,
      body: { organization_id: owner.organizationId, action_types: null },
    });
    expect(reset.body).toMatchObject({
      is_default: true,
      action_types: [...META_DEFAULT_CONVERSION_ACTION_TYPES],
    });
    await loadAgain();
    expect((await counted()).types).toEqual(before.types);
  }, 180_000);
});

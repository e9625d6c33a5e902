// The organization's data-load settings (issue 30): each service's look-back days, read by every
// member, changed by administrators within 1 to 90 days; bad input changes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startAccountsApp, type AccountsApp } from '../support/accounts';
import { joinedMember, organizationOwner } from '../support/sources';

type Owner = Awaited<ReturnType<typeof organizationOwner>>;
type Settings = {
  lookbacks: { service: string; name: string; default_days: number; days: number | null }[];
  can_edit: boolean;
};

let t: AccountsApp;
let owner: Owner;

beforeAll(async () => {
  t = await startAccountsApp();
  owner = await organizationOwner(t, 'etl-settings@example.com');
}, 60_000);
afterAll(() => t.close());

const read = async (token = owner.token) =>
  call(t.base, 'GET', `/etl/settings?organization_id=${owner.organizationId}`, { token });
const save = (lookbacks: unknown, token = owner.token) =>
  call(t.base, 'PUT', '/etl/settings', { token, body: { organization_id: owner.organizationId, lookbacks } });
const days = (settings: Settings, service: string) => settings.lookbacks.find((l) => l.service === service);

describe("the organization's look-back days", () => {
  it("answers every connector's default until the organization chooses its own", async () => {
    const answer = await read();
    expect(answer.status).toBe(200);
    const settings = answer.body as Settings;
    expect(settings.can_edit).toBe(true);
    expect(days(settings, 'google_ads')).toEqual({
      service: 'google_ads',
      name: 'Google Ads',
      default_days: 30,
      days: null,
    });
    expect(settings.lookbacks.map((l) => l.service)).toEqual(
      expect.arrayContaining(['google_search_console', 'google_analytics_4', 'moosend', 'apple_ads']),
    );

    const saved = await save([{ service: 'google_ads', days: 90 }]);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(days(saved.body as Settings, 'google_ads')?.days).toBe(90);
    expect(days((await read()).body as Settings, 'google_ads')?.days).toBe(90);
  });

  it('refuses days outside 1 to 90 and unknown services, changing nothing', async () => {
    const before = (await read()).body as Settings;
    for (const value of [0, 91, 1.5, '7']) {
      const refused = await save([{ service: 'facebook_ads', days: value }]);
      expect(refused.status, String(value)).toBe(422);
      expect(refused.body.detail[0].loc).toEqual(['body', 'lookbacks', 0, 'days']);
    }
    const unknown = await save([
      { service: 'facebook_ads', days: 10 },
      { service: 'myspace_ads', days: 10 },
    ]);
    expect(unknown.status).toBe(400);
    expect(unknown.body.detail).toMatchObject({ type: 'unknown_service', service: 'myspace_ads' });
    expect((await read()).body).toEqual(before);

    // null puts a service back on its connector's default.
    const reset = await save([{ service: 'google_ads', days: null }]);
    expect(days(reset.body as Settings, 'google_ads')?.days).toBeNull();
  });

  it('lets members read but not change them, and strangers neither', async () => {
    const member = await joinedMember(t, owner, 'etl-settings-member@example.com');
    const before = (await read()).body as Settings;
    const seen = await read(member.token);
    expect(seen.status).toBe(200);
    expect(seen.body).toEqual({ ...before, can_edit: false });
    const refused = await save([{ service: 'google_ads', days: 60 }], member.token);
    expect(refused.status).toBe(403);
    expect(refused.body.detail.type).toBe('etl_settings_forbidden');
    expect((await read()).body).toEqual(before);

    const stranger = await organizationOwner(t, 'etl-settings-stranger@example.com');
    expect((await read(stranger.token)).status).toBe(404);
    expect((await save([{ service: 'google_ads', days: 60 }], stranger.token)).status).toBe(404);
    expect((await read()).body).toEqual(before);
  });
});

import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { useSandbox } from '../../testing/suite';
import { GOOGLE_PLAY_SCOPE } from './connector';
import { CLOUD_STORAGE_SANDBOX_PREFIX, cloudStorageSandbox } from './sandbox';

const sandbox = useSandbox({
  apis: [{ prefix: CLOUD_STORAGE_SANDBOX_PREFIX, plugin: cloudStorageSandbox }],
  now: Date.UTC(2025, 5, 15, 12),
});
let authorization: string;
beforeAll(() => {
  authorization = sandbox.bearer('google', [GOOGLE_PLAY_SCOPE]);
});

const get = (path: string) =>
  fetch(`${sandbox.harness.endpoints.storage}/storage/v1/b/${path}`, { headers: { authorization } });
type Listing = { kind: string; items: { name: string; [field: string]: string }[]; nextPageToken?: string };

describe('sandbox Cloud Storage API', () => {
  it('lists objects under a prefix with their metadata, in pages', async () => {
    const first = (await (
      await get('pubsite_prod_rev_0123456789/o?prefix=stats%2Finstalls%2F&maxResults=3')
    ).json()) as Listing;
    expect(first.kind).toBe('storage#objects');
    expect(first.items.map((i) => i.name)).toEqual([
      'stats/installs/installs_com.acme.outdoor_202306_country.csv',
      'stats/installs/installs_com.acme.outdoor_202306_overview.csv',
      'stats/installs/installs_com.acme.outdoor_202307_country.csv',
    ]);
    expect(first.items[0]).toMatchObject({
      kind: 'storage#object',
      bucket: 'pubsite_prod_rev_0123456789',
      contentType: 'text/csv',
      size: expect.stringMatching(/^\d+$/),
    });
    const all: string[] = [];
    for (let token: string | undefined = ''; token !== undefined;) {
      const page = (await (
        await get(
          `pubsite_prod_rev_0123456789/o?prefix=stats%2Finstalls%2F&maxResults=20${token ? `&pageToken=${token}` : ''}`,
        )
      ).json()) as Listing;
      all.push(...page.items.map((i) => i.name));
      token = page.nextPageToken;
    }
    // Two apps, two reports a month, 25 months (June 2023 to June 2025).
    expect(all).toHaveLength(2 * 2 * 25);
  });

  it('serves a report as UTF-16LE with a BOM whose size and MD5 match the metadata', async () => {
    const name = encodeURIComponent('stats/installs/installs_com.acme.trailmaps_202505_overview.csv');
    const meta = (await (await get(`pubsite_prod_rev_0123456789/o/${name}`)).json()) as Record<
      string,
      string
    >;
    const media = await get(`pubsite_prod_rev_0123456789/o/${name}?alt=media`);
    const bytes = Buffer.from(await media.arrayBuffer());
    expect([bytes[0], bytes[1]]).toEqual([0xff, 0xfe]);
    expect(String(bytes.length)).toBe(meta.size);
    expect(createHash('md5').update(bytes).digest('base64')).toBe(meta.md5Hash);
    const lines = bytes.subarray(2).toString('utf16le').trimEnd().split('\n');
    expect(lines[0]).toBe(
      'Date,Package Name,Daily Device Installs,Daily Device Uninstalls,Daily Device Upgrades,Total User Installs,Daily User Installs,Daily User Uninstalls,Active Device Installs,Install events,Update events,Uninstall events',
    );
    expect(lines).toHaveLength(32);
    expect(lines[1]).toMatch(/^2025-05-01,com\.acme\.trailmaps(,\d+){10}$/);
  });

  it("answers errors in Cloud Storage's shape", async () => {
    const missing = await get('pubsite_prod_rev_0123456789/o/nothing.csv?alt=media');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({
      error: {
        code: 404,
        message: 'No such object: pubsite_prod_rev_0123456789/nothing.csv',
        errors: [
          {
            message: 'No such object: pubsite_prod_rev_0123456789/nothing.csv',
            domain: 'global',
            reason: 'notFound',
          },
        ],
      },
    });
    const stranger = sandbox.bearer('google', [GOOGLE_PLAY_SCOPE], { email: 'charles@example.org' });
    const denied = await fetch(
      `${sandbox.harness.endpoints.storage}/storage/v1/b/pubsite_prod_rev_0123456789/o`,
      {
        headers: { authorization: stranger },
      },
    );
    expect(denied.status).toBe(403);
    expect(
      ((await denied.json()) as { error: { errors: { reason: string }[] } }).error.errors[0]!.reason,
    ).toBe('forbidden');
  });
});

// A save whose application to the data fails is kept, and says so (spec 001 §4: "a save that
// returns an error whose detail.saved is true counts as saved"): 503 with saved: true.
import { randomUUID } from 'node:crypto';
import { CANONICAL_MODELS } from '@maya/analytics';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClustersService } from '../../src/modules/clusters';
import { AppError } from '../../src/platform/errors';
import { startAccountsApp, type AccountsApp } from '../support/accounts';
import { clustersApi, owner, ruleSet } from './support';

let t: AccountsApp;
let admin: Awaited<ReturnType<typeof owner>>;

beforeAll(async () => {
  t = await startAccountsApp();
  admin = await owner(t, 'clusters-apply@example.com');
});
afterAll(() => t.close());

describe('a save the data cannot take yet', () => {
  it('is kept and answered 503 with saved: true', async () => {
    const service = createClustersService({
      platform: t.app.platform,
      model: async (_organizationId, table) => CANONICAL_MODELS.find((model) => model.name === table) ?? null,
      withWarehouse: (organizationId, work) => t.app.modelling.withWarehouse(organizationId, work),
      rebuild: async () => {
        throw new Error('the warehouse is unreachable');
      },
    });
    const id = randomUUID();
    const values = [ruleSet('Blog', [{ field: 'url', operator: 'contains', value: '/blog/' }])];
    const failure = await service
      .save(admin.organizationId, 'urls', id, { name: 'Sections', values })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AppError);
    expect(failure).toMatchObject({ status: 503, type: 'cluster_apply_failed', extra: { saved: true } });
    const stored = await clustersApi(t, admin, admin.organizationId).column('urls', id);
    expect(stored.status).toBe(200);
    expect(stored.body).toMatchObject({ name: 'Sections', values: [{ name: 'Blog' }] });
  });
});

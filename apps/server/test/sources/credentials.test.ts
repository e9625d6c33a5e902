import { catalog, connectorFor, type Credentials } from '@maya/connectors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCredentialsStore } from '../../src/modules/sources';
import { createVault } from '../../src/platform/vault';
import { startAccountsApp, type AccountsApp } from '../support/accounts';
import { authorize, organizationOwner, ownerQuery, verifyCallback } from '../support/sources';

let t: AccountsApp;
beforeAll(async () => {
  t = await startAccountsApp();
});
afterAll(() => t.close());

describe('stored credentials', () => {
  it('hand refreshed tokens back sealed in place, and move to a rotated key on use', async () => {
    const owner = await organizationOwner(t, 'credentials@example.com');
    const googleAds = catalog.find((s) => s.id === 'google_ads')!;
    const verified = await verifyCallback(t, owner, googleAds, await authorize(t, owner, googleAds));
    const credentialsId = verified.body.credentials_id as string;
    const { platform } = t.app;
    const context = `source-credentials:${owner.organizationId}:${credentialsId}`;
    const sealedNow = async () =>
      (
        await ownerQuery<{ sealed: string }>(
          t,
          owner.organizationId,
          'select sealed from source_credentials where id = $1',
          [credentialsId],
        )
      )[0]!.sealed;

    // Age the stored access token so that the next use must refresh it.
    const before = platform.vault.open<Credentials & { kind: 'oauth2' }>(await sealedNow(), context);
    const aged = { ...before, tokens: { ...before.tokens, expires_at: Date.now() - 1000 } };
    await ownerQuery(t, owner.organizationId, 'update source_credentials set sealed = $2 where id = $1', [
      credentialsId,
      platform.vault.seal(aged, context),
    ]);

    // A vault with a new first key stands for a rotation (the old derived key still opens).
    const rotated = createVault([{ id: 'k2', key: Buffer.alloc(32, 9) }], platform.secrets);
    const store = createCredentialsStore({
      db: platform.database.db,
      vault: rotated,
      config: platform.config,
    });
    const connector = connectorFor('google_ads')!;
    const accounts = await connector.listAccounts(
      await store.contextFor(owner.organizationId, credentialsId, connector),
    );
    expect(accounts.length).toBeGreaterThan(0);

    const after = await sealedNow();
    expect(after.split('.')[1]).toBe('k2');
    const stored = rotated.open<Credentials & { kind: 'oauth2' }>(after, context);
    expect(stored.tokens.access_token).not.toBe(before.tokens.access_token);
    expect(stored.tokens.refresh_token).toBe(before.tokens.refresh_token);
    expect(stored.tokens.expires_at).toBeGreaterThan(Date.now());
  });
});

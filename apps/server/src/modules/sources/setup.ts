import { generateAppleAdsKeyPair, type Credentials } from '@maya/connectors';
import { SourcesErrorType, type ServiceAccount } from '@maya/contracts';
import { withOrganization } from '../../platform/db/tenant';
import { AppError } from '../../platform/errors';
import type { OrganizationAccess } from '../../platform/guards';
import type { Platform } from '../../platform/platform';
import { sourcesRepository as repo } from './repository';
import type { SourcesService } from './service';

/**
 * The services connected from a setup screen rather than a consent page (spec 001 §2): the
 * credentials are verified by listing the accounts they reach, then every account is connected.
 */
export function createSetupFlows(
  platform: Pick<Platform, 'database' | 'vault' | 'config'>,
  sources: SourcesService,
) {
  const { db } = platform.database;
  const { vault } = platform;
  const keyContext = (organizationId: string, serviceId: string) =>
    `source-key:${organizationId}:${serviceId}`;

  async function verifyAndConnect(
    access: OrganizationAccess,
    userId: string,
    serviceKey: string,
    serviceUuid: string,
    kind: Credentials['kind'],
    credentials: (serviceId: string) => Promise<Credentials>,
  ): Promise<ServiceAccount[]> {
    const { service, connector } = sources.serviceFor(serviceKey, serviceUuid);
    if (service.auth_kind !== kind)
      throw new AppError(400, SourcesErrorType.wrongAuthKind, { auth_kind: service.auth_kind });
    await sources.requireRoomFor(access, service);
    const value = await credentials(service.id);
    const accounts = await sources.listAccountsWith(connector, value);
    const selectable = accounts.filter((a) => a.selectable);
    if (selectable.length === 0) return [];
    const credentialsId = await sources.saveVerified(access, userId, service.id, value, accounts);
    return sources.connect(
      access,
      userId,
      credentialsId,
      selectable.map((a) => a.identifier),
    );
  }

  /** The organization's Apple Ads key pair, created on first use; the private key never leaves. */
  async function appleKey(organizationId: string) {
    return withOrganization(db, organizationId, async (tx) => {
      const existing = await repo.findKey(tx, 'apple_ads');
      if (existing) return existing;
      const pair = generateAppleAdsKeyPair();
      return repo.insertOrGetKey(tx, {
        organizationId,
        serviceId: 'apple_ads',
        publicKeyPem: pair.publicKeyPem,
        sealedPrivateKey: vault.seal(pair.privateKeyPem, keyContext(organizationId, 'apple_ads')),
      });
    });
  }

  return {
    async publicKey(access: OrganizationAccess, serviceKey: string, serviceUuid: string): Promise<string> {
      const { service } = sources.serviceFor(serviceKey, serviceUuid);
      if (service.auth_kind !== 'apple_ads_key_pair') {
        throw new AppError(400, SourcesErrorType.wrongAuthKind, { auth_kind: service.auth_kind });
      }
      return (await appleKey(access.organizationId)).publicKeyPem;
    },

    apiKey(
      access: OrganizationAccess,
      userId: string,
      serviceKey: string,
      serviceUuid: string,
      apiKey: string,
    ) {
      return verifyAndConnect(access, userId, serviceKey, serviceUuid, 'api_key', async () => ({
        kind: 'api_key',
        api_key: apiKey,
      }));
    },

    dataset(
      access: OrganizationAccess,
      userId: string,
      serviceKey: string,
      input: { serviceUuid: string; projectId: string; datasetId: string },
    ) {
      return verifyAndConnect(access, userId, serviceKey, input.serviceUuid, 'gcp_dataset', async () => ({
        kind: 'gcp_dataset',
        project_id: input.projectId,
        dataset_id: input.datasetId,
      }));
    },

    appleAds(
      access: OrganizationAccess,
      userId: string,
      serviceKey: string,
      input: { serviceUuid: string; clientId: string; teamId: string; keyId: string; publicKey: string },
    ) {
      return verifyAndConnect(
        access,
        userId,
        serviceKey,
        input.serviceUuid,
        'apple_ads_key_pair',
        async () => {
          const key = await appleKey(access.organizationId);
          // The key Apple holds must be ours: a pasted foreign key would fail at Apple with a vaguer error.
          if (normalizePem(input.publicKey) !== normalizePem(key.publicKeyPem)) {
            throw new AppError(400, SourcesErrorType.providerError, {
              provider: 'apple_ads',
              provider_status: 400,
              message: 'The public key is not the one generated for this organization.',
            });
          }
          return {
            kind: 'apple_ads_key_pair',
            client_id: input.clientId,
            team_id: input.teamId,
            key_id: input.keyId,
            private_key_pem: vault.open<string>(
              key.sealedPrivateKey,
              keyContext(access.organizationId, 'apple_ads'),
            ),
          };
        },
      );
    },
  };
}

const normalizePem = (pem: string) => pem.replace(/\s+/g, '');

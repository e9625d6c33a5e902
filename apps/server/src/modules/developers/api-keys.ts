import type { FastifyRequest } from 'fastify';
import {
  API_KEY_PREFIX,
  CreateApiKeySchema,
  DeveloperErrorType,
  apiKeyLimits,
  can,
  type ApiKey,
  type CreateApiKey,
  type CreatedApiKey,
} from '@maya/contracts';
import { lockOrganization, withOrganization } from '../../platform/db/tenant';
import { AppError } from '../../platform/errors';
import { apiKeyRefused, type Auth, type OrganizationAccess } from '../../platform/guards';
import { bearerOf, newCredential, parseCredential, sameHash } from './credentials';
import { developersRepository as repository, type ApiKeyRow } from './repository';
import type { DevelopersDeps } from './deps';

const invalidKey = () =>
  new AppError(401, DeveloperErrorType.invalidApiKey, { message: 'The API key is not valid.' });

const toApiKey = (row: ApiKeyRow, emails: Map<string, string>): ApiKey => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  read_only: row.readOnly,
  created_at: row.createdAt.toISOString(),
  last_used_at: row.lastUsedAt?.toISOString() ?? null,
  created_by: row.createdBy ? (emails.get(row.createdBy) ?? null) : null,
});

/**
 * Changes to Settings → Developers need a signed-in administrator: never an API key, whatever it
 * may otherwise do (a key cannot make keys, rotate the token or share the dataset).
 */
export function requireDeveloperAdmin(access: OrganizationAccess, auth: Auth): void {
  if (auth.apiKey) throw apiKeyRefused(403, 'An API key cannot manage developer access.');
  if (!can(access, 'developers.manage')) {
    throw new AppError(403, 'forbidden', { message: 'Only admins manage developer access.' });
  }
}

export function createApiKeys(deps: DevelopersDeps) {
  const { db } = deps.platform.database;

  async function creatorEmails(rows: ApiKeyRow[]): Promise<Map<string, string>> {
    const ids = [...new Set(rows.flatMap((row) => (row.createdBy ? [row.createdBy] : [])))];
    const people = ids.length > 0 ? await deps.users.findMany(ids) : [];
    return new Map(people.map((person) => [person.id, person.email]));
  }

  return {
    async list(access: OrganizationAccess): Promise<ApiKey[]> {
      const rows = await withOrganization(db, access.organizationId, (tx) =>
        repository.listKeys(tx, access.organizationId),
      );
      const emails = await creatorEmails(rows);
      return rows.map((row) => toApiKey(row, emails));
    },

    /** A new key, read-only unless asked otherwise; its secret is in this answer only. */
    async create(access: OrganizationAccess, auth: Auth, input: CreateApiKey): Promise<CreatedApiKey> {
      requireDeveloperAdmin(access, auth);
      const { name, read_only } = CreateApiKeySchema.parse(input);
      const { organizationId } = access;
      const credential = newCredential(API_KEY_PREFIX, organizationId);
      const row = await withOrganization(db, organizationId, async (tx) => {
        await lockOrganization(tx, 'api-keys', organizationId);
        if ((await repository.countKeys(tx, organizationId)) >= apiKeyLimits.perOrganization) {
          throw new AppError(409, 'api_key_limit_reached', {
            message: `An organization has at most ${apiKeyLimits.perOrganization} API keys.`,
          });
        }
        return repository.insertKey(tx, {
          organizationId,
          name,
          readOnly: read_only,
          prefix: credential.prefix,
          keyHash: credential.hash,
          createdBy: auth.userId,
          createdAt: deps.now(),
        });
      });
      return { ...toApiKey(row, new Map([[auth.userId, auth.email]])), key: credential.value };
    },

    /** Revokes at once: every request reads the key's row, so the next one finds none. */
    async revoke(access: OrganizationAccess, auth: Auth, keyId: string): Promise<void> {
      requireDeveloperAdmin(access, auth);
      const deleted = await withOrganization(db, access.organizationId, (tx) =>
        repository.deleteKey(tx, access.organizationId, keyId),
      );
      if (!deleted) {
        throw new AppError(404, DeveloperErrorType.apiKeyNotFound, { message: 'API key not found' });
      }
    },

    /**
     * The caller when the request carries an API key: its creator, marked with the key. Null
     * when the Authorization header holds no key (a session token, say: the sessions decide).
     * A key-shaped credential that matches no key, a revoked one included, is 401.
     */
    async authenticate(request: FastifyRequest): Promise<Auth | null> {
      const bearer = bearerOf(request.headers.authorization);
      if (bearer === null || !bearer.startsWith(API_KEY_PREFIX)) return null;
      const parsed = parseCredential(bearer);
      if (!parsed || parsed.kind !== API_KEY_PREFIX) throw invalidKey();
      const { organizationId } = parsed;
      const row = await withOrganization(db, organizationId, async (tx) => {
        const candidates = await repository.keysWithPrefix(tx, organizationId, parsed.prefix);
        const found = candidates.find((candidate) => sameHash(parsed.hash, candidate.keyHash)) ?? null;
        if (found) await repository.touchKey(tx, found.id, deps.now());
        return found;
      });
      if (!row?.createdBy) throw invalidKey();
      const [creator] = await deps.users.findMany([row.createdBy]);
      if (!creator) throw invalidKey();
      return {
        userId: creator.id,
        email: creator.email,
        emailVerified: true,
        isStaff: false,
        sessionId: null,
        apiKey: { keyId: row.id, organizationId, readOnly: row.readOnly },
      };
    },
  };
}

// The sandbox's appleid.apple.com token endpoint for the Apple Ads API: POST /auth/oauth2/token
// with grant_type=client_credentials, scope=searchadsorg, client_id and a client secret that is an
// ES256 JWT signed with the private key whose public half was uploaded for that client. The
// sandbox learns public keys through a registration (Apple: Account Settings > API > upload the
// public key, which shows clientId, teamId and keyId): POST /_sandbox/clients, or in process
// registerAppleSandboxClient(stores.apple, ...). Access tokens go into the shared `apple` store,
// where the sandbox Apple Ads API accepts them.
import { createPublicKey, randomUUID } from 'node:crypto';
import type { KeyObject } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { decodeProtectedHeader, jwtVerify } from 'jose';
import { z } from 'zod';
import { useFormBodies } from '../../sandbox/http';
import { randomToken } from '../../sandbox/store';
import type { SandboxStore } from '../../sandbox/store';
import type { SandboxApiPluginOptions } from '../../sandbox/apis/types';
import { assertSandboxAllowed } from '../../sandbox/production';
import type { Grant } from '../../sandbox/types';

/** Where the sandbox Apple token endpoint is mounted (sandboxEndpoints().appleOAuthToken's base). */
export const APPLE_OAUTH_SANDBOX_PREFIX = '/sandbox/apple';

export const APPLE_CLIENT_SECRET_AUDIENCE = 'https://appleid.apple.com';
export const APPLE_ADS_SCOPE = 'searchadsorg';
/** Apple accepts client secrets valid for up to 180 days. */
export const APPLE_CLIENT_SECRET_MAX_S = 180 * 86_400;
const ACCESS_TOKEN_TTL_S = 3600;

export type AppleSandboxClient = {
  clientId: string;
  teamId: string;
  keyId: string;
  publicKey: KeyObject;
  /** The organizations the API user was invited to; null: all sandbox organizations. */
  orgIds: number[] | null;
};

const registries = new WeakMap<SandboxStore, Map<string, AppleSandboxClient>>();

/** The registered API clients of a sandbox (shared by the token endpoint and the Apple Ads API). */
export function appleSandboxClients(store: SandboxStore): Map<string, AppleSandboxClient> {
  let registry = registries.get(store);
  if (!registry) {
    registry = new Map();
    registries.set(store, registry);
  }
  return registry;
}

export type AppleClientRegistration = {
  publicKeyPem: string;
  clientId?: string;
  teamId?: string;
  keyId?: string;
  orgIds?: number[] | null;
};

/**
 * Registers an uploaded public key and answers the ids Apple would show for it (generated in
 * Apple's formats when not given). Throws a RangeError unless the key is an EC P-256 public key.
 */
export function registerAppleSandboxClient(
  store: SandboxStore,
  input: AppleClientRegistration,
): { clientId: string; teamId: string; keyId: string } {
  let publicKey: KeyObject;
  try {
    publicKey = createPublicKey(input.publicKeyPem);
  } catch {
    throw new RangeError('The public key is not a PEM public key.');
  }
  if (publicKey.asymmetricKeyType !== 'ec' || publicKey.asymmetricKeyDetails?.namedCurve !== 'prime256v1') {
    throw new RangeError('The public key must be an EC key on the P-256 curve (prime256v1).');
  }
  const client: AppleSandboxClient = {
    clientId: input.clientId ?? `SEARCHADS.${randomUUID()}`,
    teamId: input.teamId ?? `SEARCHADS.${randomUUID()}`,
    keyId: input.keyId ?? randomUUID(),
    publicKey,
    orgIds: input.orgIds ?? null,
  };
  appleSandboxClients(store).set(client.clientId, client);
  return { clientId: client.clientId, teamId: client.teamId, keyId: client.keyId };
}

/** Forgets a client, as deleting its key at Apple does: its client secrets stop working. */
export function removeAppleSandboxClient(store: SandboxStore, clientId: string): boolean {
  return appleSandboxClients(store).delete(clientId);
}

const RegistrationSchema = z.object({
  public_key: z.string().min(1).max(4096),
  client_id: z.string().min(1).max(256).optional(),
  team_id: z.string().min(1).max(256).optional(),
  key_id: z.string().min(1).max(256).optional(),
  org_ids: z.array(z.number().int()).nullable().optional(),
});

class TokenError extends Error {
  constructor(
    readonly error: string,
    readonly status = 400,
  ) {
    super(error);
  }
}

function answer(reply: FastifyReply, status: number, body: unknown) {
  return reply.code(status).header('cache-control', 'no-store').send(body);
}

export const appleOAuthSandbox: FastifyPluginAsync<SandboxApiPluginOptions> = async (app, options) => {
  assertSandboxAllowed();
  const store = options.stores.apple;
  const now = options.now ?? store.now;
  const registry = appleSandboxClients(store);
  useFormBodies(app);

  /** Checks the client secret as Apple does: ES256, the key's kid, sub and iss, audience, lifetime. */
  async function verifySecret(clientId: string, secret: string): Promise<AppleSandboxClient> {
    const client = registry.get(clientId);
    if (!client) throw new TokenError('invalid_client');
    let kid: string | undefined;
    try {
      const header = decodeProtectedHeader(secret);
      if (header.alg !== 'ES256') throw new TokenError('invalid_client');
      kid = header.kid;
    } catch {
      throw new TokenError('invalid_client');
    }
    if (kid !== client.keyId) throw new TokenError('invalid_client');
    try {
      const { payload } = await jwtVerify(secret, client.publicKey, {
        algorithms: ['ES256'],
        audience: APPLE_CLIENT_SECRET_AUDIENCE,
        issuer: client.teamId,
        subject: client.clientId,
        currentDate: new Date(now()),
        requiredClaims: ['iat', 'exp'],
      });
      if ((payload.exp ?? 0) - (payload.iat ?? 0) > APPLE_CLIENT_SECRET_MAX_S)
        throw new TokenError('invalid_client');
    } catch {
      throw new TokenError('invalid_client');
    }
    return client;
  }

  app.post('/auth/oauth2/token', async (request, reply) => {
    // Apple documents the parameters in the query string; a form body works too.
    const params = {
      ...(request.query as Record<string, unknown>),
      ...(request.body && typeof request.body === 'object' ? (request.body as Record<string, unknown>) : {}),
    };
    const text = (name: string) => (typeof params[name] === 'string' ? params[name] : '');
    try {
      if (text('grant_type') !== 'client_credentials') throw new TokenError('unsupported_grant_type');
      if (text('scope') !== APPLE_ADS_SCOPE) throw new TokenError('invalid_scope');
      const client = await verifySecret(text('client_id'), text('client_secret'));
      const accessToken = randomToken('eyJ');
      const grant: Grant = {
        clientId: client.clientId,
        account: {
          key: `apple:${client.clientId}`,
          email: '',
          name: client.clientId,
          givenName: '',
          familyName: '',
          emailVerified: false,
          userId: client.clientId,
          tenantId: null,
        },
        scopes: [APPLE_ADS_SCOPE],
        nonce: null,
        offline: false,
      };
      store.accessTokens.set(accessToken, { grant, expiresAt: now() + ACCESS_TOKEN_TTL_S * 1000 });
      return answer(reply, 200, {
        access_token: accessToken,
        token_type: 'Bearer',
        expires_in: ACCESS_TOKEN_TTL_S,
        scope: APPLE_ADS_SCOPE,
      });
    } catch (error) {
      if (error instanceof TokenError) return answer(reply, error.status, { error: error.error });
      throw error;
    }
  });

  app.post('/_sandbox/clients', async (request, reply) => {
    const parsed = RegistrationSchema.safeParse(request.body);
    if (!parsed.success)
      return reply.code(400).send({ error: 'invalid_request', issues: parsed.error.issues });
    try {
      const ids = registerAppleSandboxClient(store, {
        publicKeyPem: parsed.data.public_key,
        clientId: parsed.data.client_id,
        teamId: parsed.data.team_id,
        keyId: parsed.data.key_id,
        orgIds: parsed.data.org_ids,
      });
      return reply.code(201).send({ client_id: ids.clientId, team_id: ids.teamId, key_id: ids.keyId });
    } catch (error) {
      if (error instanceof RangeError)
        return reply.code(400).send({ error: 'invalid_request', message: error.message });
      throw error;
    }
  });

  app.delete<{ Params: { clientId: string } }>('/_sandbox/clients/:clientId', async (request, reply) =>
    removeAppleSandboxClient(store, request.params.clientId)
      ? reply.code(204).send()
      : reply.code(404).send({ error: 'not_found' }),
  );
};

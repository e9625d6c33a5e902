// The MCP server's authorization, attacks first: every way in that is not the token granted for
// this dataset by a current member is refused, and a refused request changes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OAUTH_RATE_LIMITS } from '../../src/modules/assistant-auth';
import { call, startAccountsApp, verifiedUser, type AccountsApp } from '../support/accounts';
import { givePlan } from '../support/billing';
import { organizationOwner, ownerQuery } from '../support/sources';
import { answerOf, authorizeAssistant, consent, rawMcp, REDIRECT_URI, TestAssistant } from './support';

let t: AccountsApp;
let owner: Awaited<ReturnType<typeof organizationOwner>>;
let other: Awaited<ReturnType<typeof organizationOwner>>;

beforeAll(async () => {
  t = await startAccountsApp();
  owner = await organizationOwner(t, 'mcp-owner@acme.example');
  other = await organizationOwner(t, 'mcp-other@rival.example');
  // SQL is the plan's database access (decision 623): the owner's plan has it.
  await givePlan(t, owner.organizationId, 'growth');
}, 120_000);
afterAll(async () => t?.close());

const form = (values: Record<string, string>) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(values).toString(),
});

async function register(redirectUris = [REDIRECT_URI]) {
  const response = await fetch(`${t.base}/api/oauth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ client_name: 'Probe', redirect_uris: redirectUris }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

function authorizeUrl(clientId: string, overrides: Record<string, string> = {}) {
  const url = new URL(`${t.base}/api/oauth/authorize`);
  const params = {
    response_type: 'code',
    client_id: clientId,
    redirect_uri: REDIRECT_URI,
    code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    code_challenge_method: 'S256',
    state: 's',
    ...overrides,
  };
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return url;
}

const pendingRequests = async () =>
  (await t.app.platform.database.pool.query('SELECT count(*)::int AS n FROM oauth_requests')).rows[0]
    .n as number;

describe('discovery', () => {
  it('answers a missing token with 401 and the protected-resource metadata, which names our authorization server', async () => {
    const refused = await rawMcp(t, null);
    expect(refused.status).toBe(401);
    const metadataUrl = /resource_metadata="([^"]+)"/.exec(refused.challenge ?? '')?.[1];
    expect(metadataUrl).toBe(`${t.base}/.well-known/oauth-protected-resource/api/mcp`);
    const metadata = await (await fetch(metadataUrl!)).json();
    expect(metadata).toMatchObject({ resource: `${t.base}/api/mcp`, authorization_servers: [t.base] });
    const server = await (await fetch(`${t.base}/.well-known/oauth-authorization-server`)).json();
    expect(server).toMatchObject({
      issuer: t.base,
      code_challenge_methods_supported: ['S256'],
      registration_endpoint: `${t.base}/api/oauth/register`,
    });
  });
});

describe('tokens of the wrong kind', () => {
  it('refuses a main-API session token at /api/mcp, and an MCP token on the main API', async () => {
    const session = await rawMcp(t, owner.token);
    expect(session.status).toBe(401);
    expect(session.challenge).toContain('error="invalid_token"');

    const { assistant, client } = await authorizeAssistant(t, owner, owner.organizationId);
    await client.close();
    const mcpToken = assistant.saved!.access_token;
    const api = await call(t.base, 'GET', '/organizations', { token: mcpToken });
    expect(api.status).toBe(401);
    const refreshAsSession = await call(t.base, 'GET', '/organizations', {
      token: assistant.saved!.refresh_token!,
    });
    expect(refreshAsSession.status).toBe(401);
  });
});

describe('scope', () => {
  it('refuses another dataset with 403 insufficient_scope, its own with 200', async () => {
    const { assistant, client, datasetId } = await authorizeAssistant(t, owner, owner.organizationId);
    await client.close();
    const theirs = await call(t.base, 'GET', `/organizations/${other.organizationId}/datasets`, {
      token: other.token,
    });
    const otherDataset = theirs.body.datasets[0].id as string;
    const token = assistant.saved!.access_token;
    const refused = await rawMcp(t, token, `?dataset_id=${otherDataset}`);
    expect(refused.status).toBe(403);
    expect(refused.challenge).toContain('error="insufficient_scope"');
    expect(refused.challenge).toContain('resource_metadata=');
    expect((await rawMcp(t, token, `?dataset_id=${datasetId}`)).status).toBe(200);
  });
});

describe('the authorization request', () => {
  it('refuses PKCE plain, and a missing challenge, storing nothing', async () => {
    const client = await register();
    expect(client.status).toBe(201);
    const before = await pendingRequests();
    for (const overrides of [
      { code_challenge_method: 'plain', code_challenge: 'a'.repeat(43) },
      { code_challenge_method: 'S256', code_challenge: '' },
    ]) {
      const response = await fetch(authorizeUrl(client.body.client_id as string, overrides), {
        redirect: 'manual',
      });
      expect(response.status).toBe(302);
      const location = new URL(response.headers.get('location')!);
      expect(`${location.origin}${location.pathname}`).toBe(REDIRECT_URI);
      expect(location.searchParams.get('error')).toBe('invalid_request');
    }
    expect(await pendingRequests()).toBe(before);
  });

  it('refuses a redirect URI not exactly registered, without redirecting to it', async () => {
    const client = await register();
    const before = await pendingRequests();
    for (const redirect of [
      `${REDIRECT_URI}/x`,
      `${REDIRECT_URI}?x=1`,
      'https://evil.example/cb',
      REDIRECT_URI.toUpperCase(),
    ]) {
      const response = await fetch(
        authorizeUrl(client.body.client_id as string, { redirect_uri: redirect }),
        {
          redirect: 'manual',
        },
      );
      expect([response.status, response.headers.get('location')]).toEqual([400, null]);
      expect(await response.json()).toMatchObject({ error: 'invalid_request' });
    }
    expect(await pendingRequests()).toBe(before);
  });

  it('registers only https or loopback redirect URIs, without fragments', async () => {
    for (const uri of ['http://evil.example/cb', 'javascript:alert(1)', 'https://a.example/cb#x']) {
      const refused = await register([uri]);
      expect([refused.status, refused.body.error]).toEqual([400, 'invalid_redirect_uri']);
    }
  });

  it('refuses a code exchanged with the wrong verifier, and a code used twice revokes its tokens', async () => {
    const assistant = new TestAssistant();
    const { client } = await authorizeAssistant(t, owner, owner.organizationId, assistant);
    await client.close();
    // A second authorization by hand, to hold the code.
    const registered = assistant.information!;
    const verifier = 'v'.repeat(50);
    const { createHash } = await import('node:crypto');
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const code = await consent(
      t,
      owner,
      owner.organizationId,
      authorizeUrl(registered.client_id, { code_challenge: challenge, state: 'state-of-the-assistant' }),
    );
    const token = (values: Record<string, string>) => fetch(`${t.base}/api/oauth/token`, form(values));
    const base = {
      grant_type: 'authorization_code',
      code,
      client_id: registered.client_id,
      redirect_uri: REDIRECT_URI,
    };
    const wrong = await token({ ...base, code_verifier: 'w'.repeat(50) });
    expect([wrong.status, ((await wrong.json()) as { error: string }).error]).toEqual([400, 'invalid_grant']);
    const right = await token({ ...base, code_verifier: verifier });
    expect(right.status).toBe(200);
    const issued = (await right.json()) as { access_token: string };
    expect((await rawMcp(t, issued.access_token)).status).toBe(200);
    const again = await token({ ...base, code_verifier: verifier });
    expect(again.status).toBe(400);
    expect((await rawMcp(t, issued.access_token)).status).toBe(401);
  });
});

describe('refresh tokens', () => {
  it('rotate; a rotated one presented again revokes the whole family', async () => {
    const { assistant, client } = await authorizeAssistant(t, owner, owner.organizationId);
    await client.close();
    const clientId = assistant.information!.client_id;
    const first = assistant.saved!.refresh_token!;
    const refresh = async (refreshToken: string) =>
      fetch(
        `${t.base}/api/oauth/token`,
        form({ grant_type: 'refresh_token', refresh_token: refreshToken, client_id: clientId }),
      );
    const rotated = await refresh(first);
    expect(rotated.status).toBe(200);
    const second = (await rotated.json()) as { access_token: string; refresh_token: string };
    expect(second.refresh_token).not.toBe(first);
    expect((await rawMcp(t, second.access_token)).status).toBe(200);

    const replay = await refresh(first);
    expect([replay.status, ((await replay.json()) as { error: string }).error]).toEqual([
      400,
      'invalid_grant',
    ]);
    expect((await rawMcp(t, second.access_token)).status).toBe(401);
    expect((await refresh(second.refresh_token)).status).toBe(400);
  });
});

describe('revocation', () => {
  it('lists the assistant, and revoking it refuses its tokens at once', async () => {
    const { assistant, client } = await authorizeAssistant(
      t,
      owner,
      owner.organizationId,
      new TestAssistant('Claude'),
    );
    await client.callTool({ name: 'list_tables', arguments: {} });
    const listed = await call(
      t.base,
      'GET',
      `/assistant/authorizations?organization_id=${owner.organizationId}`,
      {
        token: owner.token,
      },
    );
    expect(listed.status).toBe(200);
    const mine = listed.body.authorizations.find((a: { client_name: string }) => a.client_name === 'Claude');
    expect(mine).toMatchObject({
      client_id: assistant.information!.client_id,
      user_email: 'mcp-owner@acme.example',
    });
    expect(mine.last_used_at).not.toBeNull();

    const stranger = await call(
      t.base,
      'DELETE',
      `/assistant/authorizations/${mine.id}?organization_id=${other.organizationId}`,
      {
        token: other.token,
      },
    );
    expect(stranger.status).toBe(404);
    expect((await rawMcp(t, assistant.saved!.access_token)).status).toBe(200);

    const revoked = await call(
      t.base,
      'DELETE',
      `/assistant/authorizations/${mine.id}?organization_id=${owner.organizationId}`,
      {
        token: owner.token,
      },
    );
    expect(revoked.status).toBe(204);
    expect((await rawMcp(t, assistant.saved!.access_token)).status).toBe(401);
    await expect(client.callTool({ name: 'list_tables', arguments: {} })).rejects.toThrow();
    const refreshed = await fetch(
      `${t.base}/api/oauth/token`,
      form({
        grant_type: 'refresh_token',
        refresh_token: assistant.saved!.refresh_token!,
        client_id: assistant.information!.client_id,
      }),
    );
    expect(refreshed.status).toBe(400);
  });

  it("refuses a removed member's token", async () => {
    const member = await verifiedUser(t, 'mcp-member@acme.example');
    await ownerQuery(
      t,
      owner.organizationId,
      `INSERT INTO memberships (organization_id, user_id, role) VALUES ($1, $2, 'member')`,
      [owner.organizationId, member.userId],
    );
    const { assistant, client } = await authorizeAssistant(t, member, owner.organizationId);
    await client.close();
    expect((await rawMcp(t, assistant.saved!.access_token)).status).toBe(200);
    await ownerQuery(
      t,
      owner.organizationId,
      'DELETE FROM memberships WHERE organization_id = $1 AND user_id = $2',
      [owner.organizationId, member.userId],
    );
    expect((await rawMcp(t, assistant.saved!.access_token)).status).toBe(401);
  });
});

describe('the SQL tool', () => {
  it("is refused, audited and changing nothing, on a plan without database access, as the API's sharing is", async () => {
    const trial = await organizationOwner(t, 'mcp-trial@acme.example');
    const { client } = await authorizeAssistant(t, trial, trial.organizationId);
    const sql = async () =>
      answerOf(await client.callTool({ name: 'run_sql', arguments: { sql: 'SELECT 41 + 1 AS answer' } }));
    const refusal = 'plan_limit_reached: Upgrade plan for dataset access';
    expect(await sql()).toMatchObject({ isError: true, text: refusal }); // the free trial
    await givePlan(t, trial.organizationId, 'growth');
    expect(await sql()).toMatchObject({ isError: false, data: { rows: [{ answer: 42 }] } });
    await givePlan(t, trial.organizationId, 'growth', 'canceled');
    expect(await sql()).toMatchObject({ isError: true, text: refusal }); // lapsed: the trial's limits
    // The other tools are not the database: they still answer.
    expect((await client.callTool({ name: 'list_bookmarks', arguments: {} })).isError).toBeFalsy();
    const calls = await ownerQuery<{ outcome: string }>(
      t,
      trial.organizationId,
      "SELECT outcome FROM assistant_calls WHERE tool = 'run_sql' ORDER BY created_at",
      [],
    );
    expect(calls.map((c) => c.outcome)).toEqual(['error', 'ok', 'error']);
    await client.close();
  });

  it('refuses writes, files, settings and other organizations, and the warehouse is unchanged', async () => {
    const { client } = await authorizeAssistant(t, owner, owner.organizationId);
    const listTables = () =>
      t.app.modelling.withWarehouse(owner.organizationId, (w) => w.listTables('analytics'), 'read');
    const before = await listTables();
    const sql = async (text: string) =>
      answerOf(await client.callTool({ name: 'run_sql', arguments: { sql: text } }));
    const tables = await sql('SELECT table_schema, table_name FROM duckdb_tables() ORDER BY 1, 2');
    expect(tables.isError).toBe(true); // catalog functions are refused too
    const attacks = [
      'CREATE TABLE analytics.pwned AS SELECT 1 AS x',
      'INSERT INTO analytics.marketing_performance SELECT * FROM analytics.marketing_performance',
      'SELECT 1; DROP TABLE analytics.marketing_performance',
      "ATTACH '/tmp/other.duckdb' AS other",
      "COPY (SELECT 1) TO '/tmp/out.csv'",
      "SELECT * FROM read_csv('/etc/passwd')",
      "SELECT * FROM '/etc/passwd'",
      "SELECT * FROM read_text('/etc/hostname')",
      "SELECT * FROM 'https://example.com/data.parquet'",
      'INSTALL httpfs',
      'LOAD httpfs',
      'SET enable_external_access = true',
      'PRAGMA database_list',
      `SELECT * FROM "${other.organizationId}".analytics.marketing_performance`,
      `SELECT * FROM prj_${other.organizationId.replaceAll('-', '_')}_db.analytics.marketing_performance`,
      "WITH x AS (SELECT 1) SELECT * FROM glob('/*')",
      "SELECT getenv('HOME')",
    ];
    for (const attack of attacks) {
      const answer = await sql(attack);
      expect([attack, answer.isError]).toEqual([attack, true]);
    }
    expect(await listTables()).toEqual(before);
    // The second defence, under the parser: the engine itself reads no file, even when asked directly.
    await expect(
      t.app.modelling.withWarehouse(owner.organizationId, (w) =>
        w.query("SELECT * FROM read_text('/etc/hostname')", [], { timeoutMs: 10_000 }),
      ),
    ).rejects.toThrow();
    const fine = await sql('SELECT 41 + 1 AS answer');
    expect([fine.isError, fine.data]).toMatchObject([false, { rows: [{ answer: 42 }] }]);
    const calls = await ownerQuery<{ tool: string; n: number }>(
      t,
      owner.organizationId,
      "SELECT tool, count(*)::int AS n FROM assistant_calls WHERE tool = 'run_sql' GROUP BY tool",
      [],
    );
    expect(calls).toEqual([{ tool: 'run_sql', n: attacks.length + 2 }]);
    await client.close();
  });
});

describe('registration limits', () => {
  it('refuses registrations past the hourly limit of an address with 429, storing nothing', async () => {
    const clients = async () =>
      (await t.app.platform.database.pool.query('SELECT count(*)::int AS n FROM oauth_clients')).rows[0]
        .n as number;
    let answer = await register();
    for (let i = 0; i < OAUTH_RATE_LIMITS.registerPerHour && answer.status === 201; i += 1)
      answer = await register();
    expect(answer.status).toBe(429);
    const before = await clients();
    expect((await register()).status).toBe(429);
    expect(await clients()).toBe(before);
  });
});

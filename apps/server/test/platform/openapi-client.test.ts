import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKey } from '../developers/support';
import { owner } from '../notifications/support';
import { startAccountsApp, type AccountsApp } from '../support/accounts';

/**
 * openapi.json is what an outside developer builds on: Redocly's recommended rules pass, every
 * operation names itself, says what it does and who may call it, and a TypeScript client
 * generated from it (openapi-typescript) compiles and calls the running API with an API key.
 */
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const root = path.resolve(serverDir, '..', '..');
const run = promisify(execFile);

let t: AccountsApp;
let scratch: string;

beforeAll(async () => {
  t = await startAccountsApp();
  scratch = await mkdtemp(path.join(serverDir, '.openapi-client-'));
});
afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
  await t.close();
});

type Operation = { operationId?: string; summary?: string; security?: unknown[] };

describe('the API description', () => {
  it('passes redocly lint with the recommended rules and no errors', async () => {
    const redocly = path.join(root, 'node_modules', '@redocly', 'cli', 'bin', 'cli.js');
    const { stdout, stderr } = await run(
      process.execPath,
      [redocly, 'lint', 'openapi.json', '--format=summary'],
      {
        cwd: serverDir,
      },
    ).catch((error: { stdout: string; stderr: string }) => {
      throw new Error(`redocly lint failed:\n${error.stdout}\n${error.stderr}`);
    });
    expect(`${stdout}${stderr}`).toContain('Your API description is valid');
  }, 60_000);

  it('gives every operation an operationId, a summary and its security', async () => {
    await t.app.ready();
    const document = t.app.swagger() as { paths: Record<string, Record<string, Operation>> };
    const operations = Object.entries(document.paths).flatMap(([url, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ name: `${method} ${url}`, operation })),
    );
    expect(operations.length).toBeGreaterThan(100);
    for (const { name, operation } of operations) {
      expect(name.split(' ')[1]?.startsWith('/api/'), name).toBe(true);
      expect(operation.operationId, name).toMatch(/^[a-z][A-Za-z0-9]+$/);
      expect(operation.summary?.length, name).toBeGreaterThan(0);
      expect(Array.isArray(operation.security), name).toBe(true);
    }
    const ids = operations.map(({ operation }) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('generates a TypeScript client that compiles and calls the running API with an API key', async () => {
    await t.app.ready();
    const types = astToString(await openapiTS(JSON.parse(JSON.stringify(t.app.swagger())) as never));
    await writeFile(path.join(scratch, 'schema.ts'), types);
    await writeFile(
      path.join(scratch, 'client.ts'),
      `import type { paths } from './schema';

type Members = paths['/api/organizations/{id}/users']['get']['responses'][200]['content']['application/json'];
type Keys = paths['/api/organizations/{id}/api-keys']['get']['responses'][200]['content']['application/json'];

async function get<T>(base: string, key: string, url: string): Promise<T> {
  const response = await fetch(base + url, { headers: { authorization: 'Bearer ' + key } });
  if (!response.ok) throw new Error(url + ': ' + String(response.status));
  return (await response.json()) as T;
}

export async function memberEmails(base: string, key: string, id: string): Promise<string[]> {
  const members = await get<Members>(base, key, '/api/organizations/' + encodeURIComponent(id) + '/users');
  return members.users.map((member) => member.email);
}

export async function keyNames(base: string, key: string, id: string): Promise<string[]> {
  const listed = await get<Keys>(base, key, '/api/organizations/' + encodeURIComponent(id) + '/api-keys');
  return listed.keys.map((apiKey) => apiKey.name + (apiKey.last_used_at === null ? '' : ' (used)'));
}
`,
    );
    const tsc = path.join(root, 'node_modules', 'typescript', 'bin', 'tsc');
    await run(
      process.execPath,
      [
        tsc,
        '--ignoreConfig',
        '--noEmit',
        '--strict',
        '--target',
        'es2022',
        '--module',
        'esnext',
        '--moduleResolution',
        'bundler',
        '--skipLibCheck',
        '--types',
        'node',
        'client.ts',
      ],
      { cwd: scratch },
    ).catch((error: { stdout: string }) => {
      throw new Error(`the generated client does not compile:\n${error.stdout}`);
    });

    const acme = await owner(t, 'owner@acme-client.example');
    const key = await createKey(t, acme, { name: 'generated client' });
    const client = (await import(pathToFileURL(path.join(scratch, 'client.ts')).href)) as {
      memberEmails(base: string, key: string, id: string): Promise<string[]>;
      keyNames(base: string, key: string, id: string): Promise<string[]>;
    };
    expect(await client.memberEmails(t.base, key.key, acme.organizationId)).toEqual([
      'owner@acme-client.example',
    ]);
    expect(await client.keyNames(t.base, key.key, acme.organizationId)).toEqual(['generated client (used)']);
  }, 120_000);
});

// The API side of `npm run bench:report`: a user and an organization made through the API of
// the running production build, the generated DuckDB file put where that organization's
// managed warehouse lives, and the -maya query endpoint called as the browser calls it.
import { copyFile, readdir, readFile, rename, rm } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import type { ReportQueryResponse } from '@maya/contracts';
import { duckDbFileFor } from '@maya/warehouse';
import { BROWSER_CONNECTIONS, REPORT, type Request } from './report-queries';

export type Session = { baseUrl: string; token: string; organizationId: string };

/**
 * The bench's HTTP client (decision 147): node:http over keep-alive connections, at most six as
 * a browser's pool for one origin. Node's fetch spent about 0.5 ms more of the bench process's
 * CPU on each request, on the two cores the server and DuckDB run on, which a browser on
 * another machine does not take from them. BENCH_CLIENT=fetch measures with fetch, as runs
 * before that decision did.
 */
const client: 'http' | 'fetch' = process.env.BENCH_CLIENT === 'fetch' ? 'fetch' : 'http';
const agent = new http.Agent({ keepAlive: true, maxSockets: BROWSER_CONNECTIONS });
const REQUEST_TIMEOUT_MS = 120_000;

export function clientName(): string {
  return client === 'fetch' ? "Node's fetch" : 'node:http, keep-alive';
}

/** Closes the client's kept connections (the app's stop would close them too). */
export function closeClient(): void {
  agent.destroy();
}

async function call(
  baseUrl: string,
  method: string,
  route: string,
  body: unknown,
  token?: string,
  allow: readonly number[] = [],
) {
  const headers = {
    ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    ...(token ? { authorization: `Bearer ${token}` } : {}),
  };
  const send = client === 'fetch' ? viaFetch : viaHttp;
  const payload = body === undefined ? '' : JSON.stringify(body);
  const { status, text } = await send(`${baseUrl}/api${route}`, method, headers, payload);
  if ((status < 200 || status >= 300) && !allow.includes(status))
    throw new Error(`${method} ${route}: ${status} ${text}`);
  return JSON.parse(text) as Record<string, unknown>;
}

/** An API call as the session's user; a status outside 2xx and `allow` throws. */
export function api(
  session: Session,
  method: string,
  route: string,
  body?: unknown,
  options: { allow?: readonly number[] } = {},
): Promise<Record<string, unknown>> {
  return call(session.baseUrl, method, route, body, session.token, options.allow);
}

type Answer = { status: number; text: string };

async function viaFetch(
  url: string,
  method: string,
  headers: Record<string, string>,
  body: string,
): Promise<Answer> {
  const response = await fetch(url, { method, headers, body: body === '' ? undefined : body });
  return { status: response.status, text: await response.text() };
}

function viaHttp(
  url: string,
  method: string,
  headers: Record<string, string>,
  body: string,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      { method, agent, headers: { ...headers, 'content-length': Buffer.byteLength(body) } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
        );
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    // As fetch gives up on a silent server, rather than hanging the run.
    request.setTimeout(REQUEST_TIMEOUT_MS, () =>
      request.destroy(new Error(`${method} ${url}: no answer in ${REQUEST_TIMEOUT_MS / 1000} s`)),
    );
    request.end(body);
  });
}

/**
 * Signs up, follows the verification link (in production without SMTP the app writes each mail
 * as JSON under DATA_DIR/mail) and creates an organization: its managed DuckDB file is then
 * provisioned, and closed, under DATA_DIR/warehouse.
 */
export async function signUp(baseUrl: string, dataDir: string): Promise<Session> {
  const email = `bench.report.${Date.now()}@acme.example`;
  const password = 'correct horse battery staple';
  await call(baseUrl, 'POST', '/user', {
    email,
    password,
    first_name: 'Bench',
    last_name: 'Report',
    company_name: 'Acme',
    company_position: 'CEO',
  });
  const link = await verificationLink(dataDir, email);
  const verified = await call(baseUrl, 'POST', '/auth/verify_email', {
    request_id: link.searchParams.get('request_id'),
    email,
  });
  // Verified from another client than the one that signed up (this one keeps no cookies), the
  // sign-up's password is dropped: choose it again with the reset id the answer carries, then sign in.
  await call(baseUrl, 'POST', '/auth/reset_password', {
    request_id: verified.set_password_request_id,
    email,
    new_password: password,
  });
  const signedIn = await call(baseUrl, 'POST', '/auth/login', { email, password });
  const token = signedIn.access_token as string;
  const organization = await call(baseUrl, 'POST', '/organizations', { name: 'Bench report' }, token);
  return { baseUrl, token, organizationId: organization.id as string };
}

async function verificationLink(dataDir: string, email: string): Promise<URL> {
  const folder = path.join(dataDir, 'mail');
  const deadline = Date.now() + 10_000;
  for (;;) {
    for (const file of await readdir(folder).catch(() => [] as string[])) {
      const mail = JSON.parse(await readFile(path.join(folder, file), 'utf8')) as {
        to: string;
        text: string;
      };
      const link = mail.to === email ? /https?:\/\/\S+/.exec(mail.text)?.[0] : undefined;
      if (link) return new URL(link);
    }
    if (Date.now() > deadline) throw new Error(`no verification mail to ${email} in ${folder}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** How long the app may keep a file open after its last use (WAREHOUSE_KEEP_OPEN_SECONDS, 120 s). */
const LET_GO_TIMEOUT_MS = 180_000;

/**
 * Waits until no process holds `file` open: the app keeps an organization's warehouse open for
 * a while after its last use (the provisioning at its creation included), and a file replaced
 * under an open DuckDB is not seen: the app would go on reading the empty one it opened.
 */
async function whenLetGo(file: string): Promise<void> {
  const deadline = Date.now() + LET_GO_TIMEOUT_MS;
  for (;;) {
    try {
      const instance = await DuckDBInstance.create(file);
      instance.closeSync();
      return;
    } catch (error) {
      if (!/lock/i.test(String(error)) || Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}

/**
 * Replaces the organization's provisioned (empty) warehouse file by the generated one, once the
 * app has closed it and before any report request opens it: the reports module then finds the
 * model tables it needs. Install many at once: each waits for the app's keep-open time.
 */
export async function installWarehouse(dataDir: string, organizationId: string, file: string): Promise<void> {
  const target = duckDbFileFor(dataDir, organizationId);
  await whenLetGo(target);
  await rm(target, { force: true });
  await rm(`${target}.wal`, { force: true });
  await rename(file, target).catch(async (error: unknown) => {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
    await copyFile(file, target);
    await rm(file);
  });
}

/** POST /api/reports/-maya/query, the body read and parsed as the browser does. */
export async function queryVisual(session: Session, request: Request): Promise<ReportQueryResponse> {
  return (await call(
    session.baseUrl,
    'POST',
    `/reports/${REPORT}/query`,
    { organization_id: session.organizationId, ...request },
    session.token,
  )) as ReportQueryResponse;
}

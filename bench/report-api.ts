// The API side of `npm run bench:report`: a user and an organization made through the API of
// the running production build, the generated DuckDB file put where that organization's
// managed warehouse lives, and the -maya query endpoint called as the browser calls it.
import { copyFile, readdir, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { ReportQueryResponse } from '@maya/contracts';
import { duckDbFileFor } from '@maya/warehouse';
import { REPORT, type Request } from './report-queries';

export type Session = { baseUrl: string; token: string; organizationId: string };

async function call(baseUrl: string, method: string, route: string, body: unknown, token?: string) {
  const response = await fetch(`${baseUrl}/api${route}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${text}`);
  return JSON.parse(text) as Record<string, unknown>;
}

/**
 * Signs up, follows the verification link (in production without SMTP the app writes each mail
 * as JSON under DATA_DIR/mail) and creates an organization: its managed DuckDB file is then
 * provisioned, and closed, under DATA_DIR/warehouse.
 */
export async function signUp(baseUrl: string, dataDir: string): Promise<Session> {
  const email = `bench.report.${Date.now()}@acme.example`;
  await call(baseUrl, 'POST', '/user', {
    email,
    password: 'correct horse battery staple',
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
  const token = (verified.token as { access_token: string }).access_token;
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

/**
 * Replaces the organization's provisioned (empty, closed) warehouse file by the generated one,
 * before any report request opens it: the reports module then finds the model table it needs.
 */
export async function installWarehouse(dataDir: string, organizationId: string, file: string): Promise<void> {
  const target = duckDbFileFor(dataDir, organizationId);
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

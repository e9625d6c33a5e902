import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';

/**
 * Seeding through the API (DESIGN.md style 8): accounts and organizations are made the way the
 * product makes them, and mail is read from the app's development outbox (/dev/mailbox.json).
 */
export const PASSWORD = 'correct horse battery';

export function uniqueEmail(name: string): string {
  return `${name}.${randomBytes(4).toString('hex')}@acme.example`;
}

async function json(
  baseUrl: string,
  method: string,
  path: string,
  body?: unknown,
  token?: string,
  cookie?: string,
) {
  const response = await fetch(`${baseUrl}/api${path}`, {
    method,
    headers: {
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(cookie ? { cookie } : {}),
    },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  const browser = /maya_browser=[^;]*/.exec(response.headers.get('set-cookie') ?? '')?.[0];
  const answer: Record<string, unknown> = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  return browser ? { ...answer, browser } : answer;
}

type Mail = { to: string; subject: string; text: string };

/** The newest mail to `to` whose subject matches, waiting for it; its first link. */
export async function mailLink(baseUrl: string, to: string, subject: RegExp): Promise<string> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const { messages } = (await (await fetch(`${baseUrl}/dev/mailbox.json`)).json()) as { messages: Mail[] };
    const mail = messages.find((m) => m.to === to.toLowerCase() && subject.test(m.subject));
    const link = mail ? /https?:\/\/\S+/.exec(mail.text)?.[0] : undefined;
    if (link) return link;
    if (Date.now() > deadline) throw new Error(`no mail to ${to} matching ${subject}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Signs up with e-mail and follows the verification link; answers the access token. */
export async function createVerifiedUser(
  baseUrl: string,
  email: string,
  password = PASSWORD,
): Promise<string> {
  const signedUp = await json(baseUrl, 'POST', '/user', {
    email,
    password,
    first_name: 'Test',
    last_name: 'User',
    company_name: 'Acme',
    company_position: 'CEO',
  });
  const link = new URL(await mailLink(baseUrl, email, /Verify/));
  // Verified by the client that signed up (its maya_browser cookie), so its password is kept.
  const verified = await json(
    baseUrl,
    'POST',
    '/auth/verify_email',
    { request_id: link.searchParams.get('request_id'), email },
    undefined,
    signedUp.browser as string,
  );
  return (verified.token as { access_token: string }).access_token;
}

export async function createOrganization(baseUrl: string, token: string, name: string) {
  return (await json(baseUrl, 'POST', '/organizations', { name }, token)) as {
    id: string;
    slug: string;
    name: string;
  };
}

export async function invite(
  baseUrl: string,
  token: string,
  organizationId: string,
  email: string,
): Promise<string> {
  await json(baseUrl, 'POST', '/invitations', { organization_id: organizationId, email }, token);
  return mailLink(baseUrl, email, /invited/);
}

/**
 * Signs the browser in through the API: the refresh cookie lands in the page's context, and the
 * app's session bootstrap turns it into a session on the next page load.
 */
export async function signInBrowser(page: Page, email: string, password = PASSWORD): Promise<void> {
  const answer = await page.request.post('/api/auth/login', { data: { email, password } });
  if (!answer.ok()) throw new Error(`sign-in failed: ${answer.status()} ${await answer.text()}`);
}

/** Arms (or clears, with null) faults of a sandbox data API (`google-ads`, ...), as an outage would. */
export async function setSandboxFaults(baseUrl: string, api: string, faults: object[] | null): Promise<void> {
  const url = `${baseUrl}/sandbox/${api}/_sandbox/faults`;
  const response = faults
    ? await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ faults }),
      })
    : await fetch(url, { method: 'DELETE' });
  if (!response.ok) throw new Error(`sandbox faults: ${response.status} ${await response.text()}`);
}

type ServiceAccount = {
  service: string;
  identifier: string;
  sync_status: string;
  sync_error: string | null;
  backfill_percent: number | null;
};

/**
 * Waits until the demo organization's sandbox ad accounts (connected by the app's `demo` module at
 * start) have had their first loads, so its reports answer with every channel and stay put; answers
 * the demo organization. Fails at once when a load fails. With `history`, also until the older
 * history behind each first load is in: nothing loads after that (what a page measured beside
 * the loads would otherwise share the machine with).
 */
export async function waitForDemoData(
  baseUrl: string,
  token: string,
  timeoutMs: number,
  { history = false }: { history?: boolean } = {},
): Promise<{ id: string; slug: string }> {
  const adServices = ['google_ads', 'facebook_ads', 'microsoft_ads'];
  const { organizations } = (await json(baseUrl, 'GET', '/organizations', undefined, token)) as {
    organizations: { id: string; slug: string; is_demo: boolean }[];
  };
  const demo = organizations.find((o) => o.is_demo);
  if (!demo) throw new Error('no demo organization in GET /organizations');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { service_accounts: accounts } = (await json(
      baseUrl,
      'GET',
      `/service_accounts?organization_id=${demo.id}`,
      undefined,
      token,
    )) as { service_accounts: ServiceAccount[] };
    const failed = accounts.find((a) => a.sync_status === 'failed');
    if (failed) throw new Error(`the demo's ${failed.service} load failed: ${failed.sync_error}`);
    const connected = adServices.every((s) => accounts.some((a) => a.service === s));
    const loaded = (a: ServiceAccount) =>
      a.sync_status === 'finished' && (!history || a.backfill_percent === null);
    if (connected && accounts.every(loaded)) return { id: demo.id, slug: demo.slug };
    if (Date.now() > deadline) {
      throw new Error(`the demo data did not load within ${timeoutMs / 1000} s: ${JSON.stringify(accounts)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}

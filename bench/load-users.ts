// The users of `npm run bench:load-api`: signed up, verified and joined to organizations through
// the API of the running app, as people do in their browsers. Each user has a browser of their
// own (its `maya_browser` cookie) and an address of their own (X-Forwarded-For behind the
// bench's "load balancer": the app runs with TRUST_PROXY=1), so the per-address limits see
// 200 people, not one machine.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { must } from './bench-run';

export const PASSWORD = 'correct horse battery staple';

export type User = {
  email: string;
  address: string;
  /** The browser's cookies (maya_browser, refresh token): a returning user's browser. */
  cookie: string;
  token: string;
  organizationId: string;
};

type Answer = { status: number; body: Record<string, unknown>; cookies: string[] };

/** The address of user `i`: 10.x.y.z, one per user. */
export function addressOf(i: number): string {
  return `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${(i & 255) + 1}`;
}

export async function send(
  baseUrl: string,
  method: string,
  route: string,
  options: { body?: unknown; token?: string; cookie?: string; address: string },
): Promise<Answer> {
  const response = await fetch(`${baseUrl}/api${route}`, {
    method,
    headers: {
      'x-forwarded-for': options.address,
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.cookie ? { cookie: options.cookie } : {}),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  const cookies = response.headers.getSetCookie().map((c) => c.split(';')[0] ?? c);
  return {
    status: response.status,
    body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
    cookies,
  };
}

async function ok(answer: Promise<Answer>, what: string): Promise<Answer> {
  const got = await answer;
  if (got.status < 200 || got.status >= 300)
    throw new Error(`${what}: ${got.status} ${JSON.stringify(got.body)}`);
  return got;
}

function mergeCookies(...lists: string[][]): string {
  const jar = new Map<string, string>();
  for (const cookie of lists.flat()) jar.set(cookie.split('=')[0] ?? cookie, cookie);
  return [...jar.values()].join('; ');
}

/** The mails the app wrote under DATA_DIR/mail (production without SMTP), read once each. */
export function mailbox(dataDir: string) {
  const seen = new Map<string, { to: string; text: string }>();
  return async function linkFor(email: string): Promise<URL> {
    const folder = path.join(dataDir, 'mail');
    const deadline = Date.now() + 60_000;
    for (;;) {
      for (const file of await readdir(folder).catch(() => [] as string[])) {
        if (seen.has(file)) continue;
        // A mail being written is read again on the next pass.
        const text = await readFile(path.join(folder, file), 'utf8').catch(() => '');
        try {
          seen.set(file, JSON.parse(text) as { to: string; text: string });
        } catch {
          continue;
        }
      }
      for (const mail of seen.values()) {
        const link = mail.to === email ? /https?:\/\/\S+/.exec(mail.text)?.[0] : undefined;
        if (link) return new URL(link);
      }
      if (Date.now() > deadline) throw new Error(`no verification mail to ${email}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
}

/** Signs up and verifies in the same browser (the password chosen there is kept): signed in. */
export async function signUpUser(
  baseUrl: string,
  linkFor: (email: string) => Promise<URL>,
  email: string,
  address: string,
): Promise<Omit<User, 'organizationId'>> {
  const body = {
    email,
    password: PASSWORD,
    first_name: 'Load',
    last_name: 'User',
    company_name: 'Acme',
    company_position: 'Analyst',
  };
  const signedUp = await ok(send(baseUrl, 'POST', '/user', { body, address }), `sign up ${email}`);
  const link = await linkFor(email);
  const browser = mergeCookies(signedUp.cookies);
  const verified = await ok(
    send(baseUrl, 'POST', '/auth/verify_email', {
      body: { request_id: link.searchParams.get('request_id'), email },
      cookie: browser,
      address,
    }),
    `verify ${email}`,
  );
  const token = (verified.body.token as { access_token: string }).access_token;
  return { email, address, cookie: mergeCookies(signedUp.cookies, verified.cookies), token };
}

/** An organization of `owner`'s, with its slug. */
export async function createOrganization(baseUrl: string, owner: Omit<User, 'organizationId'>, name: string) {
  const created = await ok(
    send(baseUrl, 'POST', '/organizations', { body: { name }, token: owner.token, address: owner.address }),
    'create organization',
  );
  const listed = await ok(
    send(baseUrl, 'GET', '/organizations', { token: owner.token, address: owner.address }),
    'list organizations',
  );
  const id = created.body.id as string;
  const slug = must(
    (listed.body.organizations as { id: string; slug: string }[]).find((o) => o.id === id),
    'the new organization',
  ).slug;
  return { id, slug };
}

/** `member` invited by `owner` and joined. */
export async function join(
  baseUrl: string,
  owner: User,
  organization: { id: string; slug: string },
  member: Omit<User, 'organizationId'>,
): Promise<void> {
  const invited = await ok(
    send(baseUrl, 'POST', '/invitations', {
      body: { organization_id: organization.id, email: member.email },
      token: owner.token,
      address: owner.address,
    }),
    `invite ${member.email}`,
  );
  await ok(
    send(baseUrl, 'POST', '/invitations/accept', {
      body: { invitation_id: invited.body.uuid, organization_slug: organization.slug },
      token: member.token,
      address: member.address,
    }),
    `accept ${member.email}`,
  );
}

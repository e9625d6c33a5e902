import { randomBytes } from 'node:crypto';
import { sharedDatasetName } from '@maya/contracts';
import type { PostgresDestinationConfig } from '@maya/warehouse';
import type { MailMessage } from '../../platform/mail';

/** A reader's login on a PostgreSQL destination: a random role name and a 192-bit password. */
export type ReaderLogin = { role: string; password: string };

export function newReaderLogin(): ReaderLogin {
  return {
    role: `maya_ro_${randomBytes(8).toString('hex')}`,
    password: randomBytes(24).toString('base64url'),
  };
}

const escape = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The mail that tells a person the dataset is shared with them (decision 632): how to query it
 * through the API, and on a PostgreSQL destination their own read-only login, whose password is
 * in this mail only (it is stored nowhere).
 */
export function sharedDatasetMail(options: {
  to: string;
  organizationId: string;
  appUrl: string;
  postgres: { login: ReaderLogin; destination: PostgresDestinationConfig } | null;
}): MailMessage {
  const dataset = sharedDatasetName(options.organizationId);
  const endpoint = `${options.appUrl}/api/organizations/${options.organizationId}/shared-dataset/sql`;
  const lines = [
    `The dataset ${dataset} has been shared with you, read-only.`,
    `Sign in to Maya as ${options.to} and send one SELECT as {"sql": "..."} to POST ${endpoint} (documented at ${options.appUrl}/api/docs).`,
  ];
  if (options.postgres !== null) {
    const { login, destination } = options.postgres;
    lines.push(
      'It lives in a PostgreSQL database, which you can also reach with any SQL client, read-only:',
      `host ${destination.host}, port ${destination.port}, database ${destination.database}, ` +
        `user ${login.role}, password ${login.password} (SSL: ${destination.ssl}).`,
      'Keep this password: it is in this mail only. The login stops working when the dataset is unshared.',
    );
  }
  const text = `${lines.join('\n\n')}\n`;
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1f2937;max-width:560px;margin:auto;padding:24px">
<h2 style="color:#4c1d95">Maya</h2>${lines.map((line) => `<p>${escape(line)}</p>`).join('')}</body></html>`;
  return { to: options.to, subject: `The dataset ${dataset} is shared with you`, text, html };
}

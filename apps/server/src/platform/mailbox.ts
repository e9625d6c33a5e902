import type { FastifyInstance } from 'fastify';
import type { Mailer, StoredMail } from './mail';

/**
 * /dev/mailbox: the outbox as a page with clickable links (and as JSON for tests), outside
 * production and only when mail is not sent over SMTP.
 */
export async function registerMailbox(app: FastifyInstance, mailer: Mailer): Promise<void> {
  app.get('/dev/mailbox.json', { schema: { hide: true } }, async () => ({ messages: await mailer.outbox() }));
  app.get('/dev/mailbox', { schema: { hide: true } }, async (_request, reply) => {
    const messages = await mailer.outbox();
    const items = messages
      .map(
        (m) => `<article style="border:1px solid #e5e7eb;border-radius:8px;padding:12px 16px;margin:12px 0">
<div style="color:#6b7280;font-size:13px">${new Date(m.created_at).toUTCString()} · to ${escapeHtml(m.to)}</div>
<h3 style="margin:6px 0">${escapeHtml(m.subject)}</h3>${attachmentsOf(m)}${m.html.replace(/<!doctype html>|<\/?(html|body)[^>]*>/gi, '')}</article>`,
      )
      .join('\n');
    const body = `<!doctype html><html><head><meta charset="utf-8"><title>Mailbox - Maya</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="font-family:system-ui,sans-serif;max-width:760px;margin:auto;padding:16px">
<h1>Development mailbox</h1><p>Messages the app would have sent (newest first). Set SMTP_URL to send real mail.</p>
${items || '<p>No messages yet.</p>'}</body></html>`;
    return reply.type('text/html').header('cache-control', 'no-store').send(body);
  });
}

/** The names of a message's attachments (their content is in /dev/mailbox.json). */
function attachmentsOf(mail: StoredMail): string {
  const names = (mail.attachments ?? []).map((a) => `📎 ${escapeHtml(a.filename)}`);
  return names.length === 0 ? '' : `<div style="color:#6b7280;font-size:13px">${names.join(' · ')}</div>`;
}

function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

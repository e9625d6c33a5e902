import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from './config';

/** A file sent with a message (a scheduled report's PDF). */
export type MailAttachment = { filename: string; contentType: string; content: Buffer };
export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: MailAttachment[];
};
/** A message of the outbox; its attachments' content in base64. */
export type StoredMail = Omit<MailMessage, 'attachments'> & {
  id: string;
  from: string;
  created_at: string;
  attachments?: { filename: string; contentType: string; content: string }[];
};

export type Mailer = {
  send(message: MailMessage): Promise<void>;
  /** The outbox, newest first (only when no SMTP server is configured). */
  outbox(): Promise<StoredMail[]>;
};

/**
 * Outgoing mail: SMTP through nodemailer when SMTP_URL is set; otherwise each message is written
 * as JSON under DATA_DIR/mail and listed at /dev/mailbox (outside production), so every flow
 * that sends mail works on a laptop and in tests.
 */
export function createMailer(config: Config): Mailer {
  const dir = path.join(config.dataDir, 'mail');
  const transport = config.smtpUrl ? nodemailer.createTransport(config.smtpUrl) : null;
  return {
    async send(message) {
      if (transport) {
        await transport.sendMail({ from: config.mailFrom, ...message });
        return;
      }
      const { attachments, ...rest } = message;
      const stored: StoredMail = {
        id: randomUUID(),
        from: config.mailFrom,
        created_at: new Date().toISOString(),
        ...rest,
        ...(attachments === undefined
          ? {}
          : {
              attachments: attachments.map((a) => ({
                filename: a.filename,
                contentType: a.contentType,
                content: a.content.toString('base64'),
              })),
            }),
      };
      await mkdir(dir, { recursive: true });
      // Written aside and renamed: the outbox lists only whole messages (a reader used to parse a
      // large PDF message half-written and answer 500).
      const file = path.join(dir, `${stored.created_at.replace(/[:.]/g, '-')}-${stored.id}.json`);
      await writeFile(`${file}.part`, JSON.stringify(stored));
      await rename(`${file}.part`, file);
    },
    async outbox() {
      const files = await readdir(dir).catch(() => [] as string[]);
      const mails = await Promise.all(
        files
          .filter((file) => file.endsWith('.json'))
          .sort()
          .reverse()
          .map(async (file) => JSON.parse(await readFile(path.join(dir, file), 'utf8')) as StoredMail),
      );
      return mails;
    },
  };
}

/** A plain, accessible e-mail: a greeting, one paragraph, one button, and the link as text. */
export function actionMail(options: {
  to: string;
  subject: string;
  intro: string;
  action: string;
  url: string;
  outro: string;
}): MailMessage {
  const text = `${options.intro}\n\n${options.action}: ${options.url}\n\n${options.outro}\n`;
  const escape = (value: string) =>
    value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1f2937;max-width:560px;margin:auto;padding:24px">
<h2 style="color:#4c1d95">Maya</h2><p>${escape(options.intro)}</p>
<p><a href="${escape(options.url)}" style="display:inline-block;background:#6d28d9;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escape(options.action)}</a></p>
<p style="font-size:13px;color:#6b7280">Or open this link: <a href="${escape(options.url)}">${escape(options.url)}</a></p>
<p style="font-size:13px;color:#6b7280">${escape(options.outro)}</p></body></html>`;
  return { to: options.to, subject: options.subject, text, html };
}

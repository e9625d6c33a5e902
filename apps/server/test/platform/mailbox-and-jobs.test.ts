import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/platform/config';
import { createMailer } from '../../src/platform/mail';
import { createTestApp } from '../support/database';

let app: FastifyInstance;
beforeAll(async () => {
  ({ app } = await createTestApp());
});
afterAll(() => app.close());

describe('the development outbox', () => {
  it('without SMTP_URL, mail lands in DATA_DIR/mail and /dev/mailbox shows it with its link', async () => {
    const signUp = await app.inject({
      method: 'POST',
      url: '/api/user',
      payload: {
        email: 'outbox@acme.example',
        password: 'correct horse battery',
        first_name: 'Out',
        last_name: 'Box',
        company_name: 'Acme',
        company_position: 'CEO',
      },
    });
    expect(signUp.statusCode).toBe(201);
    const json = await app.inject('/dev/mailbox.json');
    const [message] = json.json().messages as { to: string; subject: string; text: string }[];
    expect(message).toMatchObject({ to: 'outbox@acme.example', subject: 'Verify your e-mail address' });
    const link = /https?:\/\/\S+\/verify-email\?\S+/.exec(message!.text)?.[0];
    expect(link).toBeDefined();
    const page = await app.inject('/dev/mailbox');
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('Verify your e-mail address');
    expect(page.body).toContain(`href="${link!.replace(/&/g, '&amp;')}"`);
  });
});

describe('the outbox while a large message is written', () => {
  it('lists only whole messages: a reader never parses one half-written', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'maya-outbox-'));
    try {
      const mailer = createMailer({ ...loadConfig({}), dataDir, smtpUrl: null });
      const pdf = { filename: 'big.pdf', contentType: 'application/pdf', content: Buffer.alloc(24 << 20, 7) };
      let written = false;
      const sending = mailer
        .send({ to: 'a@acme.example', subject: 'Big', text: 'x', html: '<p>x</p>', attachments: [pdf] })
        .then(() => (written = true));
      const seen: number[] = [];
      while (!written) seen.push((await mailer.outbox()).length);
      await sending;
      // Each read answered (none threw on a half-written file), and it was read while writing.
      expect(seen.length).toBeGreaterThan(0);
      expect(await mailer.outbox()).toHaveLength(1);
      expect(await readdir(path.join(dataDir, 'mail'))).toHaveLength(1);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe('scheduled jobs', () => {
  it('schedules the rate-limit purge with pg-boss', async () => {
    const schedules = await app.platform.jobs.boss.getSchedules();
    expect(schedules.map((s) => [s.name, s.cron])).toContainEqual(['auth.purge-rate-limits', '17 * * * *']);
  });
});

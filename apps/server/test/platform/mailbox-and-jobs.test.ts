import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

describe('scheduled jobs', () => {
  it('schedules the rate-limit purge with pg-boss', async () => {
    const schedules = await app.platform.jobs.boss.getSchedules();
    expect(schedules.map((s) => [s.name, s.cron])).toContainEqual(['auth.purge-rate-limits', '17 * * * *']);
  });
});

import { describe, expect, inject, test } from 'vitest';

/** The built app, started as `npm start` starts it, answers its operational endpoints. */
describe('the running app', () => {
  const baseUrl = inject('baseUrl');

  test('GET /api/health reports ok with the database and the job queue up', async () => {
    const response = await fetch(`${baseUrl}/api/health`);

    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      status: 'ok',
      database: { status: 'up' },
      jobs: { status: 'up' },
    });
  });

  test('GET /data/config.json tells the SPA that the API is at /api', async () => {
    const response = await fetch(`${baseUrl}/data/config.json`);

    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await response.json()).toMatchObject({ apiBaseUrl: '/api' });
  });
});

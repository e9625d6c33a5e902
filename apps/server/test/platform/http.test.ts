import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { HealthResponseSchema, PublicConfigSchema } from '@maya/contracts';
import { createTestApp } from '../support/database';

let app: FastifyInstance;

beforeAll(async () => {
  ({ app } = await createTestApp());
  // A route with a body schema, to see validation errors leave through the envelope.
  await app.register(
    async (api) => {
      api.withTypeProvider<ZodTypeProvider>().post(
        '/probe',
        {
          config: { guard: 'public' },
          schema: { body: z.object({ email: z.email(), items: z.array(z.number()) }) },
        },
        async (request) => ({ ok: request.body.email }),
      );
    },
    { prefix: '/api' },
  );
});
afterAll(() => app.close());

describe('API basics', () => {
  it('GET /api/health reports database and job queue up', async () => {
    const response = await app.inject('/api/health');
    expect(response.statusCode).toBe(200);
    const body = HealthResponseSchema.parse(response.json());
    expect(body.status).toBe('ok');
    expect(body.database.status).toBe('up');
    expect(body.jobs.status).toBe('up');
  });

  it('unknown API routes answer 404 with the error envelope', async () => {
    const response = await app.inject('/api/does-not-exist?x=1');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      detail: { type: 'not_found', message: 'Route GET /api/does-not-exist not found' },
    });
  });

  it('malformed JSON answers 400 malformed_json and the handler never runs', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/probe',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().detail.type).toBe('malformed_json');
  });

  it('validation errors answer 422 with a list of loc, msg, type', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/probe',
      payload: { email: 'not-an-email', items: [1, 'two'] },
    });
    expect(response.statusCode).toBe(422);
    const detail = response.json().detail as { loc: (string | number)[]; msg: string; type: string }[];
    expect(detail).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ loc: ['body', 'email'], type: 'invalid_format' }),
        expect.objectContaining({ loc: ['body', 'items', 1], type: 'invalid_type' }),
      ]),
    );
    expect(detail.every((issue) => typeof issue.msg === 'string' && issue.msg.length > 0)).toBe(true);
  });

  it('an unsupported content type answers 415 in the envelope', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/probe',
      headers: { 'content-type': 'application/x-thing' },
      payload: 'x',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().detail.type).toBe('unsupported_media_type');
  });

  it('GET /data/config.json gives the SPA its apiBaseUrl', async () => {
    const response = await app.inject('/data/config.json');
    expect(response.statusCode).toBe(200);
    const body = PublicConfigSchema.parse(response.json());
    expect(body).toMatchObject({ apiBaseUrl: '/api', productName: 'Maya', environment: 'test' });
  });

  it('lets other sites frame only the embed pages', async () => {
    const app404 = await app.inject('/organization/acme/dashboard/-maya');
    expect(app404.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(app404.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    const embed = await app.inject('/embed/some-token');
    expect(embed.headers['x-frame-options']).toBeUndefined();
    expect(embed.headers['content-security-policy']).toContain('frame-ancestors *');
    expect(embed.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('keeps a caller request id and makes one otherwise', async () => {
    const given = await app.inject({ url: '/api/health', headers: { 'x-request-id': 'trace-12345678' } });
    expect(given.headers['x-request-id']).toBe('trace-12345678');
    const first = await app.inject('/api/does-not-exist');
    const second = await app.inject('/api/does-not-exist');
    expect(first.headers['x-request-id']).not.toBe(second.headers['x-request-id']);
  });

  it('serves the OpenAPI document generated from the zod schemas', async () => {
    const response = await app.inject('/api/docs/json');
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    expect(
      doc.paths['/api/health'].get.responses['200'].content['application/json'].schema.properties,
    ).toHaveProperty('database');
    const ui = await app.inject('/api/docs/');
    expect(ui.statusCode).toBe(200);
  });

  it('lists the connectable services', async () => {
    const response = await app.inject('/api/services');
    expect(response.statusCode).toBe(200);
    expect(response.json().services.map((s: { id: string }) => s.id)).toContain('google_ads');
  });
});

describe('route guards', () => {
  it('refuses to build an app with an API route that declares no guard', async () => {
    const { app: other } = await createTestApp();
    const registering = other.register(
      async (api) => {
        api.get('/unguarded', async () => 'nope');
      },
      { prefix: '/api' },
    );
    await expect(registering).rejects.toThrow('route GET /api/unguarded declares no guard (config.guard)');
    await other.close().catch(() => {});
  });
});

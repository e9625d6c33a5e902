// Body limits per route (decision in docs/decisions.md): 64 kB of JSON unless a route carries
// more by contract. A body past its route's limit answers 413 payload_too_large in the error
// envelope and never reaches validation or the handler; one within it is read and judged as usual.
import type { FastifyInstance } from 'fastify';
import { bookmarkLimits, reportLimits } from '@maya/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMITS } from '../../src/platform/http';
import { createTestApp } from '../support/database';

let app: FastifyInstance;
beforeAll(async () => {
  ({ app } = await createTestApp());
});
afterAll(() => app?.close());

const ORGANIZATION = 'f3f0c3f6-2d0b-4c57-9a54-5f0d3c1b8e21';
const STATE = 'A'.repeat(reportLimits.maxEncodedStateLength);
/** A JSON body of exactly `bytes` bytes: an object whose one string fills it. */
const bodyOf = (bytes: number, fields: Record<string, unknown> = {}) => {
  const shell = JSON.stringify({ ...fields, padding: '' });
  return `${shell.slice(0, -2)}${'x'.repeat(bytes - shell.length)}"}`;
};
const post = (url: string, payload: string, method: 'POST' | 'PATCH' = 'POST') =>
  app.inject({ method, url, payload, headers: { 'content-type': 'application/json' } });

describe('request body limits', () => {
  it('a body over 64 kB answers 413 payload_too_large on a route with the default limit', async () => {
    expect(BODY_LIMITS.default).toBe(64 * 1024);
    const over = await post('/api/auth/login', bodyOf(BODY_LIMITS.default + 1));
    expect(over.statusCode).toBe(413);
    expect(over.json()).toEqual({ detail: { type: 'payload_too_large', message: expect.any(String) } });

    // At the limit the body is read, and judged by the route's schema.
    const at = await post('/api/auth/login', bodyOf(BODY_LIMITS.default));
    expect(at.statusCode).toBe(422);
  });

  it('a route that carries a report state takes a state of the longest length, and no more', async () => {
    const bookmark = { organization_id: ORGANIZATION, report_slug: '-maya', bookmark: { state: STATE } };
    const longest = await post(`/api/bookmarks/${ORGANIZATION}`, JSON.stringify(bookmark), 'PATCH');
    // Read and validated: the caller has no session, so the guard answers.
    expect(longest.statusCode).toBe(401);
    for (const url of ['/api/reports', '/api/reports/-maya/embed-token']) {
      const answer = await post(
        url,
        JSON.stringify({ organization_id: ORGANIZATION, name: 'n', source_slug: '-maya', state: STATE }),
      );
      expect([url, answer.statusCode]).toEqual([url, 401]);
      const over = await post(url, bodyOf(BODY_LIMITS.reportState + 1));
      expect([url, over.statusCode]).toEqual([url, 413]);
    }
    const over = await post(`/api/bookmarks/${ORGANIZATION}`, bodyOf(BODY_LIMITS.reportState + 1), 'PATCH');
    expect(over.statusCode).toBe(413);
  });

  it('a batch of bookmarks, each with the longest state, is read whole', async () => {
    const batch = {
      organization_id: ORGANIZATION,
      report_slug: '-maya',
      bookmarks: Array.from({ length: bookmarkLimits.maxBatch }, (_, i) => ({ name: `b${i}`, state: STATE })),
    };
    expect((await post('/api/bookmarks', JSON.stringify(batch))).statusCode).toBe(401);
    expect((await post('/api/bookmarks', bodyOf(BODY_LIMITS.bookmarkBatch + 1))).statusCode).toBe(413);
  });

  it('a report query takes a list filter of the most values the contract allows', async () => {
    const values = Array.from({ length: 1_000 }, (_, i) => `${i}`.padEnd(1_000, 'v'));
    const query = {
      page: 'overview',
      visual_id: 'campaigns',
      filters: [{ id: 'f', table: 'performance', column: 'campaign', kind: 'list', operator: 'in', values }],
      date_range: null,
      sort: [],
    };
    const size = JSON.stringify(query).length;
    expect(size).toBeGreaterThan(BODY_LIMITS.default);
    expect(size).toBeLessThan(BODY_LIMITS.reportQuery);
    const answer = await post('/api/embed/not-a-token/query', JSON.stringify(query));
    expect(answer.statusCode).not.toBe(413);
    expect((await post('/api/embed/not-a-token/query', bodyOf(BODY_LIMITS.reportQuery + 1))).statusCode).toBe(
      413,
    );
    expect((await post('/api/reports/-maya/query', bodyOf(BODY_LIMITS.reportQuery + 1))).statusCode).toBe(
      413,
    );
  });
});

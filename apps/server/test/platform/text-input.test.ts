// Text no column can keep (U+0000, half a surrogate pair) is refused for every route before
// validation, guards or handlers: 422 in the validation shape, located where it was sent. A NUL
// in an e-mail, a name or an id answered 500 before (PostgreSQL text cannot hold U+0000).
import { connect } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../support/database';

let app: FastifyInstance;
beforeAll(async () => {
  ({ app } = await createTestApp());
});
afterAll(() => app?.close());

const json = (method: 'POST' | 'GET', url: string, body?: string) =>
  app.inject({ method, url, payload: body, headers: body ? { 'content-type': 'application/json' } : {} });
const issue = (loc: (string | number)[], msg: string) => ({ detail: [{ loc, msg, type: 'invalid_text' }] });
const NUL_MSG = 'Must not contain the NUL character (U+0000)';

describe('text input', () => {
  it('refuses a NUL in a body field, a key, a query parameter and a path parameter', async () => {
    const login = await json('POST', '/api/auth/login', '{"email":"a\\u0000b@example.com","password":"x"}');
    expect([login.statusCode, login.json()]).toEqual([422, issue(['body', 'email'], NUL_MSG)]);

    const key = await json(
      'POST',
      '/api/auth/login',
      '{"email":"a@example.com","password":"x","a\\u0000":1}',
    );
    expect(key.json()).toEqual(issue(['body', 'a\u0000'], NUL_MSG));

    const nested = await json('POST', '/api/bookmarks', '{"bookmarks":[{"name":"ok"},{"name":"x\\u0000"}]}');
    expect(nested.json()).toEqual(issue(['body', 'bookmarks', 1, 'name'], NUL_MSG));

    const query = await json('GET', '/api/auth/check_merge_accounts?email=a%00b@example.com&provider=google');
    expect([query.statusCode, query.json()]).toEqual([422, issue(['querystring', 'email'], NUL_MSG)]);

    const path = await json('GET', '/api/subscriptions/mona/check/a%00b');
    expect([path.statusCode, path.json()]).toEqual([422, issue(['params', 'id'], NUL_MSG)]);
  });

  it('refuses half a surrogate pair, which would be stored as U+FFFD', async () => {
    const body = await json('POST', '/api/auth/login', '{"email":"a\\ud800b@example.com","password":"x"}');
    expect(body.json()).toEqual(issue(['body', 'email'], 'Must be valid Unicode text'));
    // Percent-encoded in a path, it is not UTF-8 at all: the router refuses the address.
    const path = await json('GET', '/api/subscriptions/mona/check/a%ED%A0%80b');
    expect([path.statusCode, path.json().detail.type]).toEqual([400, 'bad_url']);
  });

  // No clock bound (the machine's speed is not under test): a walk that were not linear would
  // run into the test's timeout at this depth.
  it('walks a body nested as deep as 64 kB allows', async () => {
    const depth = 30_000;
    const answer = await json('POST', '/api/auth/login', `${'['.repeat(depth)}"\\u0000"${']'.repeat(depth)}`);
    expect(answer.statusCode).toBe(422);
    expect(answer.json().detail[0].loc).toHaveLength(depth + 1);
  });

  it('a NUL in a header never reaches a route: Node refuses the request', async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.write('GET /api/health HTTP/1.1\r\nHost: x\r\nX-Request-Id: abc\u0000def\r\n\r\n');
      });
      let text = '';
      socket.on('data', (chunk) => (text += chunk.toString('latin1')));
      socket.on('close', () => resolve(text));
      socket.on('error', reject);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer).toContain('{"detail":{"type":"bad_request"');
  });
});

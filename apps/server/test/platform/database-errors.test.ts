// Database errors that a request's values cause are the client's, not the server's: 422 (409 for
// a rule between rows) instead of 500, a safety net behind validation. Whatever the answer, the
// log names the SQLSTATE, constraint, table and column, never the bound values (drizzle's error
// message quotes them) nor the failing statement.
import { rm } from 'node:fs/promises';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { withoutValue } from '@maya/embedded-postgres';
import { createTestDatabase, testConfig } from '../support/database';

const SECRET = 'secret-value-41';
const lines: string[] = [];
let app: FastifyInstance;

/** Statements that fail on a value, as a service's query would when validation missed it. */
const FAILING: Record<string, () => Promise<unknown>> = {
  invalid_uuid: () => app.platform.database.db.execute(sql`SELECT ${SECRET}::uuid`),
  out_of_range: () => app.platform.database.db.execute(sql`SELECT ${`9${'9'.repeat(20)}`}::int`),
  year_zero: () => app.platform.database.db.execute(sql`SELECT ${'0000-01-01T00:00:00Z'}::timestamptz`),
  nul: () => app.platform.database.db.execute(sql`SELECT ${`${SECRET}\u0000`}::text`),
  too_long: () =>
    app.platform.database.db.transaction(async (tx) => {
      await tx.execute(sql`CREATE TEMP TABLE probe (v varchar(3)) ON COMMIT DROP`);
      await tx.execute(sql`INSERT INTO probe VALUES (${SECRET})`);
    }),
  duplicate: () =>
    app.platform.database.db.transaction(async (tx) => {
      await tx.execute(sql`CREATE TEMP TABLE probe (v text CONSTRAINT probe_v UNIQUE) ON COMMIT DROP`);
      await tx.execute(sql`INSERT INTO probe VALUES (${SECRET}), (${SECRET})`);
    }),
  server_bug: () => app.platform.database.db.execute(sql`SELECT * FROM no_such_table WHERE v = ${SECRET}`),
};

beforeAll(async () => {
  const config = await testConfig({ DATABASE_URL: await createTestDatabase(), LOG_LEVEL: 'debug' });
  const capture = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });
  app = await buildApp(config, { logStream: capture });
  app.addHook('onClose', () => rm(config.dataDir, { recursive: true, force: true }));
  await app.register(
    async (api) => {
      api.get<{ Params: { case: string } }>(
        '/probe/database/:case',
        { config: { guard: 'public' } },
        async (request) => FAILING[request.params.case]!(),
      );
    },
    { prefix: '/api' },
  );
});
afterAll(() => app?.close());

const probe = (name: string) => app.inject(`/api/probe/database/${name}`);

describe('database errors', () => {
  it('a value the database refuses answers 422 in the validation shape, not 500', async () => {
    for (const name of ['invalid_uuid', 'out_of_range', 'year_zero', 'nul', 'too_long']) {
      const answer = await probe(name);
      expect([name, answer.statusCode]).toEqual([name, 422]);
      expect(answer.json()).toEqual({
        detail: [{ loc: ['request'], msg: expect.any(String), type: 'invalid_value' }],
      });
    }
  });

  it('a duplicate answers 409 conflict', async () => {
    const answer = await probe('duplicate');
    expect(answer.statusCode).toBe(409);
    expect(answer.json()).toEqual({ detail: { type: 'conflict', message: expect.any(String) } });
  });

  it('a server bug still answers 500, without detail', async () => {
    const answer = await probe('server_bug');
    expect(answer.statusCode).toBe(500);
    expect(answer.json()).toEqual({ detail: { type: 'internal_error' } });
  });

  it('logs each by SQLSTATE and constraint, never with the bound values or the statement', async () => {
    for (const name of Object.keys(FAILING)) await probe(name);
    const log = lines.join('');
    for (const code of ['22P02', '22003', '22008', '22021', '22001', '23505', '42P01'])
      expect(log).toContain(`"code":"${code}"`);
    expect(log).toContain('"constraint":"probe_v"');
    expect(log).not.toContain(SECRET);
    expect(log).not.toMatch(/no_such_table|INSERT INTO probe|params:/i);
  });

  it("the embedded server's log lines lose the value they end by quoting", () => {
    expect(withoutValue('ERROR:  invalid input syntax for type uuid: "a-secret-token"')).toBe(
      'ERROR:  invalid input syntax for type uuid: "[redacted]"',
    );
    const unique = 'ERROR:  duplicate key value violates unique constraint "users_email_key"';
    expect(withoutValue(unique)).toBe(unique);
  });
});

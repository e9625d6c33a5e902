import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { FastifyBaseLogger as Logger } from 'fastify';

export type Database = NodePgDatabase;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * How long a connection may sit idle before the pool closes it: 5 minutes, not pg's 10 seconds
 * (decision 152). A new connection costs a SCRAM handshake and a fresh backend; with 10 s, a
 * person who read a dashboard for a quarter of a minute paid that on each of the page's requests
 * at their next filter change.
 */
const IDLE_CONNECTION_MS = 5 * 60_000;

/** The app's pool: connects as the app role, which RLS applies to. */
export function createAppPool(url: string, size: number, log: Logger): { pool: pg.Pool; db: Database } {
  const pool = new pg.Pool({
    connectionString: url,
    max: size,
    application_name: 'maya-app',
    idleTimeoutMillis: IDLE_CONNECTION_MS,
  });
  // An idle client losing its server (restart, failover) must not crash the process.
  pool.on('error', (error) => log.warn({ err: error }, 'idle database connection failed'));
  return { pool, db: drizzle({ client: pool }) };
}

/** The same URL with another role's credentials (keeps host, database and ssl parameters). */
export function withCredentials(url: string, user: string, password: string): string {
  const parsed = new URL(url);
  parsed.username = encodeURIComponent(user);
  parsed.password = encodeURIComponent(password);
  return parsed.toString();
}

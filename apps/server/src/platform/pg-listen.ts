// A LISTEN connection to the database every process shares (PostgreSQL's LISTEN/NOTIFY): how one
// process tells the others something at once (a warehouse file to let go of, a model rebuilt).
// A lost connection is opened again after a second; notifications sent meanwhile are lost, so
// `onListening` is told again each time, for a listener to catch up on what it may have missed.
import pg from 'pg';
import type { FastifyBaseLogger as Logger } from 'fastify';

const RECONNECT_MS = 1_000;

export type PgListener = {
  /** Sends `payload` on the channel to every listening process (this one included). */
  notify(payload: string): Promise<void>;
  /** Stops listening. */
  close(): Promise<void>;
};

export type ListenOptions = {
  url: string;
  channel: string;
  /** The connection's application_name (what pg_stat_activity shows). */
  applicationName: string;
  log: Logger;
  onNotification(payload: string): void;
  /** Each time the connection listens, the first time included: what came meanwhile is lost. */
  onListening?(): void;
};

/** Listens on `channel` (a fixed identifier, never a user's value) until closed. */
export async function listenTo(options: ListenOptions): Promise<PgListener> {
  const { channel, log } = options;
  let client: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | null = null;

  async function listen(): Promise<void> {
    const next = new pg.Client({ connectionString: options.url, application_name: options.applicationName });
    next.on('notification', (message) => {
      if (message.channel === channel) options.onNotification(message.payload ?? '');
    });
    next.on('error', (error) => {
      log.warn({ err: error, channel }, 'LISTEN connection lost; reconnecting');
      if (client === next) client = null;
      next.end().catch(() => undefined);
      scheduleReconnect();
    });
    await next.connect();
    await next.query(`LISTEN ${channel}`);
    if (closed) {
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
    options.onListening?.();
  }

  function scheduleReconnect(): void {
    if (closed || retry !== null) return;
    retry = setTimeout(() => {
      retry = null;
      listen().catch(() => scheduleReconnect());
    }, RECONNECT_MS);
    retry.unref();
  }

  await listen();
  return {
    async notify(payload) {
      await client?.query('SELECT pg_notify($1, $2)', [channel, payload]);
    },
    async close() {
      closed = true;
      if (retry !== null) clearTimeout(retry);
      const last = client;
      client = null;
      await last?.end().catch(() => undefined);
    },
  };
}

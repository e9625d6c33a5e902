import Fastify from 'fastify';
import { loadConfig } from '../../src/platform/config';
import { registerSandbox } from '../../src/platform/sandbox';
import { freePort } from '../support/accounts';

/**
 * The sandbox providers served from the test's own process, outside the app as real providers
 * are: their grants (kept in memory) outlive an app process the test kills. An app reaches them
 * with APP_URL set to `url` (the sandbox's and the OAuth callbacks' base), while it listens on
 * a port of its own.
 */
export async function startSandboxHost() {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const app = Fastify();
  await registerSandbox(app, loadConfig({ NODE_ENV: 'test', APP_URL: url, PORT: String(port) }));
  await app.listen({ port, host: '127.0.0.1' });
  return {
    url,
    /** Arms faults on a sandbox data API (`google-ads`); answers how many are armed (0: all hit). */
    async faults(api: string, faults: object[] = []): Promise<number> {
      const response = await fetch(`${url}/sandbox/${api}/_sandbox/faults`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ faults }),
      });
      return ((await response.json()) as { armed: number }).armed;
    },
    close: () => app.close(),
  };
}

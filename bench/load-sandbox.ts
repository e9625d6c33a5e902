// The sandbox Google Ads API for bench/load.ts, in a process of its own so that the benchmark's
// peak RSS is the loading process's alone. Started by bench/load.ts with `fork` (tsx loaded):
// starts the harness on a free local port, mints a token as if the user had consented, sends
// `{ endpoints, tokens, now }` to the parent over IPC and serves until the parent disconnects.
import { SANDBOX_OAUTH_CLIENT } from '@maya/connectors';
import { GOOGLE_ADS_SCOPE } from '@maya/connectors/services/google-ads';
import { googleAdsSandbox, GOOGLE_ADS_SANDBOX_PREFIX } from '@maya/connectors/sandbox';
import { mintTokens, startHarness } from '@maya/connectors/testing';

export type SandboxReady = {
  endpoints: unknown;
  tokens: ReturnType<typeof mintTokens>;
  now: number;
};

if (process.send === undefined) throw new Error('bench/load-sandbox.ts runs as a child of bench/load.ts');
const harness = await startHarness({
  apis: [{ prefix: GOOGLE_ADS_SANDBOX_PREFIX, plugin: googleAdsSandbox }],
});
const tokens = mintTokens(harness.stores.google, {
  clientId: SANDBOX_OAUTH_CLIENT.clientId,
  scopes: [GOOGLE_ADS_SCOPE],
});
const ready: SandboxReady = { endpoints: harness.endpoints, tokens, now: harness.now() };
process.send(ready);
process.on('disconnect', () => {
  void harness.close().finally(() => process.exit(0));
});

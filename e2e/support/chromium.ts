import { existsSync } from 'node:fs';

/** Debian's Chromium: playwright-core drives it and never downloads a browser of its own. */
export const CHROMIUM_PATH = '/usr/bin/chromium';

/** Headless, as root in a container, and quiet: no GPU, no background traffic, no QUIC. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export function assertChromiumInstalled(): void {
  if (existsSync(CHROMIUM_PATH)) return;
  throw new Error(
    `Chromium was not found at ${CHROMIUM_PATH}. The end-to-end tests drive Debian's Chromium ` +
      '(playwright-core never downloads a browser). Install it with:\n' +
      '  apt-get update && apt-get install -y --no-install-recommends chromium',
  );
}

// The options every sandbox data API plugin takes.
import type { SandboxStore } from '../store';
import type { ApiFaults } from './faults';

/** Identity providers whose access tokens data APIs accept. */
export type TokenIssuer = 'google' | 'microsoft' | 'meta' | 'apple';

export type SandboxApiPluginOptions = {
  /** Absolute URL of this API's mount (for `next` links and resumable upload URLs). */
  publicBaseUrl: string;
  /** The token stores of the sandbox identity providers, shared with them. */
  stores: Record<TokenIssuer, SandboxStore>;
  /** Defaults to a fresh set per registration; the harness passes its own to arm faults in-process. */
  faults?: ApiFaults;
  /** Clock (epoch ms) deciding which dates have data; defaults to the store's. */
  now?: () => number;
};

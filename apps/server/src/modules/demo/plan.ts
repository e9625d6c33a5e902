import { unreachable } from '@maya/contracts';
import type { SelectableAccount, ServiceAccount } from '@maya/contracts';

/** A service of the demo organization and which of the sandbox's accounts it connects. */
export type DemoSource = { serviceId: string; identifiers: readonly string[] };

/**
 * What the demo organization connects (the sandbox's fixed accounts, packages/connectors): one
 * account of every advertising channel the sandbox signs in to with OAuth, so that the `-maya`
 * and Demo reports compare channels, then GA4 and Search Console (`-seo-v1`). In this order,
 * which is the order of their first loads: the channels the reports show come first. One account
 * each, and Search Console's smallest property, so that the demo is queryable soon after start:
 * every first load also rebuilds the models.
 */
export const DEMO_SOURCES: readonly DemoSource[] = [
  { serviceId: 'google_ads', identifiers: ['3816209475'] }, // Acme Outdoor Germany
  { serviceId: 'facebook_ads', identifiers: ['act_238400000000001'] }, // Northpeak EU
  { serviceId: 'microsoft_ads', identifiers: ['180246731'] }, // Contoso Outdoor US
  { serviceId: 'google_analytics_4', identifiers: ['properties/310000001'] }, // acme.example - GA4
  { serviceId: 'google_search_console', identifiers: ['http://example.com/'] },
];

/** The demo's data is loaded again once it is this old (the daily refresh). */
export const DEMO_REFRESH_AFTER_MS = 24 * 60 * 60 * 1000;

/**
 * What a pass does for a demo service:
 * - `connect`: authorize and connect (again): an account is missing, failed or lost its grant,
 *   or its last load is over a day old. Sandbox tokens live in the memory of the process that
 *   issued them, so every reload starts with a fresh consent.
 * - `verify`: a load is on its way (pending, running); its grant is checked, since a restart
 *   forgets the tokens the load would use.
 * - `none`: loaded within the day.
 */
export type DemoAction = 'connect' | 'verify' | 'none';

export function demoAction(source: DemoSource, connected: readonly ServiceAccount[], now: Date): DemoAction {
  const accounts = connected.filter((a) => a.service === source.serviceId);
  if (source.identifiers.some((id) => !accounts.some((a) => a.identifier === id))) return 'connect';
  let action: DemoAction = 'none';
  for (const account of accounts) {
    switch (account.sync_status) {
      case 'pending':
      case 'running':
        action = 'verify';
        break;
      case 'failed':
        return 'connect';
      case 'finished': {
        if (account.needs_reconnect || account.last_synced_at === null) return 'connect';
        if (now.getTime() - Date.parse(account.last_synced_at) >= DEMO_REFRESH_AFTER_MS) return 'connect';
        break;
      }
      default: {
        return unreachable(account.sync_status);
      }
    }
  }
  return action;
}

/** The demo's accounts among those the provider offers; the ones it does not offer are named. */
export function chooseAccounts(
  source: DemoSource,
  offered: readonly SelectableAccount[],
): { identifiers: string[]; missing: string[] } {
  const selectable = new Set(offered.filter((a) => a.selectable).map((a) => a.identifier));
  return {
    identifiers: source.identifiers.filter((id) => selectable.has(id)),
    missing: source.identifiers.filter((id) => !selectable.has(id)),
  };
}

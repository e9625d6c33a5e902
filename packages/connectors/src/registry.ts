// Every connector, by service id. The catalogue (catalog.ts) says what the user sees; this says
// how the data is fetched.
import type { Connector } from './core/types';
import { appleAdsConnector } from './services/apple-ads';
import { ga4Connector } from './services/ga4';
import { ga4EventsConnector } from './services/ga4-events';
import { googleAdsConnector } from './services/google-ads';
import { googlePlayConnector } from './services/google-play';
import { metaAdsConnector } from './services/meta-ads';
import { microsoftAdsConnector } from './services/microsoft-ads';
import { moosendConnector } from './services/moosend';
import { searchConsoleConnector } from './services/search-console';

const CONNECTORS: readonly Connector[] = [
  googleAdsConnector,
  metaAdsConnector,
  microsoftAdsConnector,
  appleAdsConnector,
  searchConsoleConnector,
  ga4Connector,
  ga4EventsConnector,
  googlePlayConnector,
  moosendConnector,
];

export function connectorFor(serviceId: string): Connector | null {
  return CONNECTORS.find((connector) => connector.id === serviceId) ?? null;
}

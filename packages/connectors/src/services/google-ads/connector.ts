// The Google Ads connector: the account tree (manager accounts with their client accounts) through
// customers:listAccessibleCustomers and customer_client queries, and five daily reports per client
// account through GoogleAdsService.Search (GAQL), page by page.
// https://developers.google.com/google-ads/api/rest/reference/rest
import type { SelectableAccount } from '@maya/contracts';
import { httpFor } from '../../core/context';
import { accountNode, knownTimeZone } from '../../core/accounts';
import { defineConnector } from '../../core/connector';
import { ProviderError } from '../../core/errors';
import type { AccountRef, ConnectorContext } from '../../core/types';
import { customerIdOf, formatCustomerId, GOOGLE_ADS_API_VERSION, GOOGLE_ADS_SCOPE } from './api';
import type { GoogleAdsRow, ListAccessibleCustomersResponse, SearchResponse } from './api';
import { googleOAuth } from '../google/auth';
import { readGoogleAdsError } from './error';
import { CUSTOMER_CLIENTS_QUERY, CUSTOMER_CURRENCY_QUERY, STREAM_QUERIES } from './queries';
import { GOOGLE_ADS_STREAMS } from './streams';

const PROVIDER = 'Google Ads';

type GoogleAdsApi = {
  accessibleCustomers(): Promise<string[]>;
  /** The result pages of a GAQL query, as they arrive. */
  search(customerId: string, query: string, loginCustomerId: string): AsyncGenerator<GoogleAdsRow[]>;
};

function googleAdsApi(context: ConnectorContext): GoogleAdsApi {
  const developerToken = context.clients.google?.developerToken;
  if (!developerToken) {
    throw new ProviderError('provider', 'Google Ads is not configured: no developer token.', 0, PROVIDER);
  }
  const http = httpFor(context, PROVIDER, readGoogleAdsError);
  const base = `${context.endpoints.googleAds}/${GOOGLE_ADS_API_VERSION}`;
  return {
    async accessibleCustomers() {
      const answer = await http.json<ListAccessibleCustomersResponse>(
        `${base}/customers:listAccessibleCustomers`,
        {
          headers: { 'developer-token': developerToken },
        },
      );
      return (answer?.resourceNames ?? []).map(customerIdOf);
    },
    async *search(customerId, query, loginCustomerId) {
      let pageToken: string | undefined;
      do {
        const page = await http.json<SearchResponse>(`${base}/customers/${customerId}/googleAds:search`, {
          method: 'POST',
          json: pageToken ? { query, pageToken } : { query },
          // Accessing a client through its manager needs the manager's id here.
          headers: { 'developer-token': developerToken, 'login-customer-id': loginCustomerId },
        });
        // Read before yielding: the parsed page is garbage once its rows are built.
        pageToken = page?.nextPageToken || undefined;
        yield page?.results ?? [];
      } while (pageToken);
    },
  };
}

async function searchAll(api: GoogleAdsApi, customerId: string, query: string, login: string) {
  const rows: GoogleAdsRow[] = [];
  for await (const page of api.search(customerId, query, login)) rows.push(...page);
  return rows;
}

type ClientRow = {
  id: string;
  name: string;
  manager: boolean;
  level: number;
  status: string;
  /** The account's time zone (IANA, `customer_client.time_zone`): its report days are that zone's. */
  timeZone: string | null;
};

const text = (value: unknown): string =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';

function clientOf(row: GoogleAdsRow): ClientRow {
  const client = row.customerClient ?? {};
  return {
    id: text(client.id) || customerIdOf(text(client.clientCustomer)),
    name: text(client.descriptiveName),
    manager: client.manager === true,
    level: Number(text(client.level) || 0),
    status: text(client.status) || 'ENABLED',
    timeZone: knownTimeZone(text(client.timeZone)),
  };
}

function node(client: ClientRow, parent: string | null): SelectableAccount {
  return accountNode(
    {
      identifier: client.id,
      id_label: formatCustomerId(client.id),
      name: client.name || formatCustomerId(client.id),
      parent_id: parent,
      // A manager account has no campaigns of its own: it groups the accounts below it.
      selectable: !client.manager,
    },
    { timeZone: client.manager ? null : client.timeZone },
  );
}

/**
 * Walks the accessible customers and, below each manager, its client accounts (sub-managers are
 * walked in turn). Cancelled or suspended accounts are left out; a directly accessible account
 * that Google refuses to serve (not yet enabled) is skipped rather than failing the whole list.
 */
async function listAccounts(context: ConnectorContext): Promise<SelectableAccount[]> {
  const api = googleAdsApi(context);
  const found = new Map<string, SelectableAccount>();
  const queue = (await api.accessibleCustomers()).map((id) => ({
    id,
    login: id,
    parent: null as string | null,
  }));
  // The queue grows while it is walked (sub-managers).
  for (let next = 0; next < queue.length; next++) {
    const visit = queue[next];
    if (!visit) continue;
    let rows: GoogleAdsRow[];
    try {
      rows = await searchAll(api, visit.id, CUSTOMER_CLIENTS_QUERY, visit.login);
    } catch (error) {
      if (error instanceof ProviderError && error.kind === 'provider' && visit.parent === null) continue;
      throw error;
    }
    const clients = rows.map(clientOf);
    const self = clients.find((c) => c.level === 0);
    if (!self || self.status !== 'ENABLED') continue;
    if (!found.has(self.id)) found.set(self.id, node(self, visit.parent));
    for (const child of clients) {
      if (child.level !== 1 || child.status !== 'ENABLED' || found.has(child.id)) continue;
      if (child.manager) queue.push({ id: child.id, login: visit.login, parent: visit.id });
      else found.set(child.id, node(child, visit.id));
    }
  }
  return [...found.values()];
}

/**
 * The `login-customer-id` to read a client with: itself when the user reaches it directly,
 * otherwise the accessible manager it sits below (at any depth). Should none hold it, the
 * request goes out anyway so that Google says why.
 */
async function loginFor(api: GoogleAdsApi, account: AccountRef): Promise<string> {
  const roots = await api.accessibleCustomers();
  if (roots.includes(account.identifier)) return account.identifier;
  if (account.parent_id && roots.includes(account.parent_id)) return account.parent_id;
  const query = `SELECT customer_client.id FROM customer_client WHERE customer_client.id = ${Number(account.identifier)}`;
  for (const root of roots) {
    try {
      if ((await searchAll(api, root, query, root)).length > 0) return root;
    } catch (error) {
      if (!(error instanceof ProviderError && error.kind === 'provider')) throw error;
    }
  }
  return account.parent_id ?? account.identifier;
}

export const googleAdsConnector = defineConnector({
  id: 'google_ads',
  auth: googleOAuth(GOOGLE_ADS_SCOPE),
  streams: GOOGLE_ADS_STREAMS,
  // Conversions are attributed to the click's day and keep arriving for weeks.
  lookbackDays: 30,
  accountTimeZones: true,
  listAccounts,
  async *extract(context, account, range, wanted) {
    const api = googleAdsApi(context);
    const customerId = account.identifier;
    const login = await loginFor(api, account);
    const [customer] = await searchAll(api, customerId, CUSTOMER_CURRENCY_QUERY, login);
    const currency = text(customer?.customer?.currencyCode);
    for (const spec of STREAM_QUERIES.filter((query) => wanted.has(query.stream))) {
      for await (const results of api.search(customerId, spec.query(range), login)) {
        if (results.length === 0) continue;
        yield { stream: spec.stream, rows: results.map((result) => spec.row(result, customerId, currency)) };
      }
    }
  },
});

// The account tree offered on integrations/add: the user's businesses (not selectable) with the
// ad accounts they own or manage for clients, and the user's other ad accounts at the root.
import type { SelectableAccount } from '@maya/contracts';
import { accountNode, knownTimeZone } from '../../core/accounts';
import { httpFor } from '../../core/context';
import { ProviderError } from '../../core/errors';
import type { ProviderHttp } from '../../core/http';
import type { ConnectorContext } from '../../core/types';
import { META_GRAPH_VERSION, graphPages, readMetaError } from './graph';

/** `timezone_name`: the ad account's zone (IANA); Meta's reports count days on it. */
type AdAccountNode = { id: string; account_id: string; name: string; timezone_name?: string };
type BusinessNode = { id: string; name: string };

const ACCOUNT_FIELDS = 'name,account_id,currency,business,timezone_name';

async function collect<T>(pages: AsyncIterable<T[]>): Promise<T[]> {
  const items: T[] = [];
  for await (const page of pages) items.push(...page);
  return items;
}

/**
 * The user's businesses; none when the user declined business_management on the dialog (Meta
 * lets people untick a permission), so the tree falls back to the ad accounts alone.
 */
async function businessesOf(http: ProviderHttp, base: string, pageSize: number): Promise<BusinessNode[]> {
  try {
    return await collect(
      graphPages<BusinessNode>(http, `${base}/me/businesses`, { fields: 'id,name', limit: pageSize }),
    );
  } catch (error) {
    if (error instanceof ProviderError && error.kind === 'provider' && error.status === 403) return [];
    throw error;
  }
}

export async function listMetaAccounts(
  context: ConnectorContext,
  pageSize: number,
): Promise<SelectableAccount[]> {
  const http = httpFor(context, 'Meta', readMetaError);
  const base = `${context.endpoints.metaGraph}/${META_GRAPH_VERSION}`;
  const query = { fields: ACCOUNT_FIELDS, limit: pageSize };
  const tree: SelectableAccount[] = [];
  const placed = new Set<string>();
  const adAccount = (account: AdAccountNode, parent: string | null): SelectableAccount =>
    accountNode(
      {
        identifier: account.id,
        id_label: account.account_id,
        name: account.name,
        parent_id: parent,
        selectable: true,
      },
      { timeZone: knownTimeZone(account.timezone_name) },
    );

  for (const business of await businessesOf(http, base, pageSize)) {
    const accounts = [
      ...(await collect(graphPages<AdAccountNode>(http, `${base}/${business.id}/owned_ad_accounts`, query))),
      ...(await collect(graphPages<AdAccountNode>(http, `${base}/${business.id}/client_ad_accounts`, query))),
    ].filter(
      (account, index, all) => !placed.has(account.id) && all.findIndex((a) => a.id === account.id) === index,
    );
    // A business without ad accounts would be an empty, unselectable node.
    if (accounts.length === 0) continue;
    tree.push(
      accountNode({
        identifier: business.id,
        id_label: business.id,
        name: business.name,
        parent_id: null,
        selectable: false,
      }),
    );
    for (const account of accounts) {
      placed.add(account.id);
      tree.push(adAccount(account, business.id));
    }
  }
  for await (const page of graphPages<AdAccountNode>(http, `${base}/me/adaccounts`, query)) {
    for (const account of page) {
      if (placed.has(account.id)) continue;
      placed.add(account.id);
      tree.push(adAccount(account, null));
    }
  }
  return tree;
}

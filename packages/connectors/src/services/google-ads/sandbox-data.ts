// The sandbox Google Ads accounts and the shapes of their entities: two manager accounts (MCC)
// with client accounts below them (one of them cancelled) and one client reached directly. The
// campaigns of each client are built in sandbox-entities.ts, their daily numbers in
// sandbox-metrics.ts.
import type { Traffic } from '../../sandbox/apis/ad-traffic';

export type CustomerStatus = 'ENABLED' | 'CANCELED';
export type ChannelType = 'SEARCH' | 'SHOPPING' | 'DISPLAY';
export type KeywordMatchType = 'EXACT' | 'PHRASE' | 'BROAD';
export type SearchTermMatchType = 'EXACT' | 'NEAR_EXACT' | 'PHRASE' | 'BROAD';

export type Campaign = {
  index: number;
  id: string;
  resourceName: string;
  name: string;
  status: 'ENABLED' | 'PAUSED';
  channel: ChannelType;
  adGroups: AdGroup[];
};

export type AdGroup = {
  index: number;
  id: string;
  resourceName: string;
  name: string;
  status: 'ENABLED' | 'PAUSED';
  type: 'SEARCH_STANDARD' | 'SHOPPING_PRODUCT_ADS' | 'DISPLAY_STANDARD';
  campaign: Campaign;
  keywords: Keyword[];
  /** Traffic of an ad group without keywords (shopping, display); search ad groups sum their keywords. */
  traffic: Traffic | null;
};

export type Keyword = {
  index: number;
  criterionId: string;
  resourceName: string;
  viewResourceName: string;
  text: string;
  matchType: KeywordMatchType;
  status: 'ENABLED' | 'PAUSED';
  adGroup: AdGroup;
  terms: SearchTerm[];
};

export type SearchTerm = {
  index: number;
  text: string;
  /** JSON-encoded once, as the hot serialization path needs it. */
  textJson: string;
  resourceName: string;
  matchType: SearchTermMatchType;
  keyword: Keyword;
  traffic: Traffic;
};

export type ConversionAction = {
  index: number;
  id: string;
  resourceName: string;
  name: string;
  category: 'PURCHASE' | 'SIGNUP' | 'PHONE_CALL_LEAD';
};

export type SandboxCustomer = {
  id: string;
  resourceName: string;
  name: string;
  currency: string;
  timeZone: string;
  manager: boolean;
  status: CustomerStatus;
  parent: SandboxCustomer | null;
  children: SandboxCustomer[];
  /** Two-letter market shown in campaign names. */
  market: string;
};

export type Entities = {
  campaigns: Campaign[];
  adGroups: AdGroup[];
  keywords: Keyword[];
  terms: SearchTerm[];
  actions: ConversionAction[];
};

type CustomerSeed = Omit<SandboxCustomer, 'resourceName' | 'parent' | 'children' | 'manager' | 'status'> & {
  status?: CustomerStatus;
  clients?: CustomerSeed[];
};

const TREE: CustomerSeed[] = [
  {
    id: '5190427761',
    name: 'Alpine Media Group (MCC)',
    currency: 'EUR',
    timeZone: 'Europe/Berlin',
    market: 'EU',
    clients: [
      {
        id: '3816209475',
        name: 'Acme Outdoor Germany',
        currency: 'EUR',
        timeZone: 'Europe/Berlin',
        market: 'DE',
      },
      {
        id: '4402918356',
        name: 'Acme Outdoor France',
        currency: 'EUR',
        timeZone: 'Europe/Paris',
        market: 'FR',
      },
    ],
  },
  {
    id: '7731908264',
    name: 'Summit Partners (MCC)',
    currency: 'USD',
    timeZone: 'America/New_York',
    market: 'NA',
    clients: [
      { id: '6209183745', name: 'Northpeak US', currency: 'USD', timeZone: 'America/New_York', market: 'US' },
      { id: '2958301746', name: 'Northpeak UK', currency: 'GBP', timeZone: 'Europe/London', market: 'UK' },
      {
        id: '9051627384',
        name: 'Northpeak Canada (closed)',
        currency: 'CAD',
        timeZone: 'America/Toronto',
        market: 'CA',
        status: 'CANCELED',
      },
    ],
  },
  // A client account the user was invited to directly, with no manager in between.
  { id: '8123940567', name: 'Trailfox Gear', currency: 'EUR', timeZone: 'Europe/Athens', market: 'GR' },
];

function build(seed: CustomerSeed, parent: SandboxCustomer | null, index: Map<string, SandboxCustomer>) {
  const customer: SandboxCustomer = {
    id: seed.id,
    resourceName: `customers/${seed.id}`,
    name: seed.name,
    currency: seed.currency,
    timeZone: seed.timeZone,
    market: seed.market,
    manager: seed.clients !== undefined,
    status: seed.status ?? 'ENABLED',
    parent,
    children: [],
  };
  index.set(customer.id, customer);
  customer.children = (seed.clients ?? []).map((client) => build(client, customer, index));
  return customer;
}

const CUSTOMERS = new Map<string, SandboxCustomer>();
/** The customers a sandbox user reaches directly (customers:listAccessibleCustomers). */
export const ROOT_CUSTOMERS: readonly SandboxCustomer[] = TREE.map((seed) => build(seed, null, CUSTOMERS));

export function customerById(id: string): SandboxCustomer | null {
  return CUSTOMERS.get(id) ?? null;
}

/** A Google account with no Google Ads access, as in reality: it sees no customer at all. */
export const NOT_ADS_USER_EMAIL = 'charles@example.org';

export function accessibleRoots(email: string): readonly SandboxCustomer[] {
  return email.toLowerCase() === NOT_ADS_USER_EMAIL ? [] : ROOT_CUSTOMERS;
}

/** The customer and everything below it, with its level (0 = itself), depth first. */
export function descendants(
  customer: SandboxCustomer,
  level = 0,
): { customer: SandboxCustomer; level: number }[] {
  return [{ customer, level }, ...customer.children.flatMap((child) => descendants(child, level + 1))];
}

// The sandbox Microsoft Advertising customers: two customers (an advertiser and an agency) holding
// ad accounts, the users' roles in them, and each account's campaigns: 4 search campaigns with 3 ad
// groups of 4 keywords, each keyword matched by up to 3 search queries (about 90 of them with
// traffic a day), plus an audience and a shopping campaign. Built once per account from its id.
import { trafficProfile } from '../../sandbox/apis/ad-traffic';
import type { Traffic, TrafficMarket, TrafficScale } from '../../sandbox/apis/ad-traffic';
import { hash, pick, VOCABULARY } from '../../sandbox/apis/data';
import type { AccountLifeCycleStatus } from './api';

export type MatchType = 'Exact' | 'Phrase' | 'Broad';

export type Campaign = {
  id: number;
  name: string;
  status: 'Active' | 'Paused';
  type: string;
  adGroups: AdGroup[];
};
export type AdGroup = {
  id: number;
  name: string;
  status: 'Active' | 'Paused';
  campaign: Campaign;
  keywords: Keyword[];
  /** Audience and shopping ad groups draw their own traffic; search ad groups sum their queries. */
  traffic: Traffic | null;
};
export type Keyword = {
  id: number;
  text: string;
  matchType: MatchType;
  adGroup: AdGroup;
  queries: SearchQuery[];
};
export type SearchQuery = { text: string; deliveredMatchType: MatchType; keyword: Keyword; traffic: Traffic };

export type SandboxAccount = {
  id: number;
  name: string;
  number: string;
  customerId: number;
  currency: string;
  timeZone: string;
  status: AccountLifeCycleStatus;
};

export type SandboxCustomer = { id: number; name: string; number: string; accounts: SandboxAccount[] };

const account = (
  a: Omit<SandboxAccount, 'status'> & { status?: AccountLifeCycleStatus },
): SandboxAccount => ({
  status: 'Active',
  ...a,
});

export const CUSTOMERS: readonly SandboxCustomer[] = [
  {
    id: 251873460,
    name: 'Contoso Outdoor',
    number: 'C0874512',
    accounts: [
      account({
        id: 180246731,
        name: 'Contoso Outdoor US',
        number: 'F1202H8K',
        customerId: 251873460,
        currency: 'USD',
        timeZone: 'EasternTimeUSCanada',
      }),
      account({
        id: 180246752,
        name: 'Contoso Outdoor DE',
        number: 'F1202JQ3',
        customerId: 251873460,
        currency: 'EUR',
        timeZone: 'AmsterdamBerlinBernRomeStockholmVienna',
      }),
    ],
  },
  {
    id: 251873512,
    name: 'Fabrikam Agency',
    number: 'C0874590',
    accounts: [
      account({
        id: 180311904,
        name: 'Tailspin Outfitters',
        number: 'F1308A5T',
        customerId: 251873512,
        currency: 'USD',
        timeZone: 'PacificTimeUSCanadaTijuana',
      }),
      account({
        id: 180311927,
        name: 'Wingtip Gear UK',
        number: 'F1308B9M',
        customerId: 251873512,
        currency: 'GBP',
        timeZone: 'GreenwichMeanTimeDublinEdinburghLisbonLondon',
      }),
      account({
        id: 180311950,
        name: 'Wingtip Gear IE (closed)',
        number: 'F1308C2W',
        customerId: 251873512,
        currency: 'EUR',
        timeZone: 'GreenwichMeanTimeDublinEdinburghLisbonLondon',
        status: 'Inactive',
      }),
    ],
  },
];

export type Role = { customer: SandboxCustomer; roleId: number; accountIds: number[] | null };

/** Super admin (41) of both customers; a standard user (16) of one account; nobody else has a role. */
export function rolesOf(email: string): Role[] {
  const [contoso, fabrikam] = CUSTOMERS;
  if (!contoso || !fabrikam) return [];
  switch (email.toLowerCase()) {
    case 'alan@contoso.example':
      return [
        { customer: contoso, roleId: 41, accountIds: null },
        { customer: fabrikam, roleId: 41, accountIds: null },
      ];
    case 'katherine@contoso.example':
      return [{ customer: contoso, roleId: 16, accountIds: [180246731] }];
    default:
      return [];
  }
}

/** The accounts of a customer the user may see. */
export function visibleAccounts(role: Role): SandboxAccount[] {
  return role.customer.accounts.filter((a) => role.accountIds === null || role.accountIds.includes(a.id));
}

const GROUPS: { campaign: string; products: string[] }[] = [
  { campaign: 'Footwear', products: ['hiking boots', 'trail shoes', 'gaiters'] },
  { campaign: 'Shelter', products: ['tent', 'sleeping bag', 'hammock'] },
  { campaign: 'Packs', products: ['backpack', 'dry bag', 'trekking poles'] },
  { campaign: 'Clothing', products: ['rain jacket', 'down jacket', 'fleece'] },
];
const MATCH: MatchType[] = ['Exact', 'Phrase', 'Broad', 'Broad'];

/** Microsoft Advertising's market: cheaper clicks and smaller baskets than Google Ads'. */
const MARKET: TrafficMarket = {
  presenceSpread: 0.3,
  minImpressions: 3,
  cpcCents: { min: 15, spread: 160 },
  orderValue: { min: 25, spread: 150 },
};
const traffic = (key: string, scale: TrafficScale) => trafficProfile(key, scale, MARKET);

function buildCampaigns(a: SandboxAccount): Campaign[] {
  const base = 410_000_000 + (hash(a.id, 'campaigns') % 100_000) * 100;
  const campaigns: Campaign[] = GROUPS.map((group, i) => ({
    id: base + i,
    name: `Search - ${group.campaign}`,
    status: i === 3 ? 'Paused' : 'Active',
    type: 'Search & content',
    adGroups: [],
  }));
  campaigns.push(
    { id: base + 4, name: 'Audience - Remarketing', status: 'Active', type: 'Audience', adGroups: [] },
    { id: base + 5, name: 'Shopping - All products', status: 'Active', type: 'Shopping', adGroups: [] },
  );
  campaigns.forEach((campaign, i) => {
    const products =
      GROUPS[i]?.products ??
      (i === 4 ? ['Site visitors', 'Cart abandoners'] : ['All products', 'Top sellers']);
    products.forEach((product, j) => {
      const adGroupId = campaign.id * 100 + j;
      const adGroup: AdGroup = {
        id: adGroupId,
        name: product.charAt(0).toUpperCase() + product.slice(1),
        status: 'Active',
        campaign,
        keywords: [],
        traffic:
          i < GROUPS.length
            ? null
            : traffic(`${a.id}|${adGroupId}`, {
                impressions: i === 4 ? 5000 : 1500,
                ctr: i === 4 ? 0.006 : 0.02,
                presence: 1,
              }),
      };
      campaign.adGroups.push(adGroup);
      if (i < GROUPS.length) addKeywords(a, adGroup, product);
    });
  });
  return campaigns;
}

function addKeywords(a: SandboxAccount, adGroup: AdGroup, product: string): void {
  const used = new Set<string>();
  MATCH.forEach((matchType, k) => {
    const text = k === 0 ? product : `${pick(VOCABULARY.modifiers, adGroup.id, k)} ${product}`;
    if (used.has(text)) return;
    used.add(text);
    const keyword: Keyword = {
      id: 7_000_000_000 + (adGroup.id % 1_000_000) * 10 + k,
      text,
      matchType,
      adGroup,
      queries: [],
    };
    adGroup.keywords.push(keyword);
    const candidates = [
      text,
      `${text} ${pick(VOCABULARY.modifiers, keyword.id, 1)}`,
      `${pick(VOCABULARY.brands, keyword.id)} ${text}`,
    ];
    for (const query of candidates) {
      if (used.has(`q:${query}`)) continue;
      used.add(`q:${query}`);
      keyword.queries.push({
        text: query,
        deliveredMatchType: matchType,
        keyword,
        traffic: traffic(`${a.id}|${adGroup.id}|${query}`, { impressions: 120, ctr: 0.07, presence: 0.45 }),
      });
    }
  });
}

const CAMPAIGNS = new Map<number, Campaign[]>();

export function campaignsOf(a: SandboxAccount): Campaign[] {
  let campaigns = CAMPAIGNS.get(a.id);
  if (!campaigns) CAMPAIGNS.set(a.id, (campaigns = buildCampaigns(a)));
  return campaigns;
}

export function accountById(id: number): SandboxAccount | null {
  for (const customer of CUSTOMERS) for (const a of customer.accounts) if (a.id === id) return a;
  return null;
}

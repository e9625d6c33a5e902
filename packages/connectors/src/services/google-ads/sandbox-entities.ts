// The campaigns of a sandbox Google Ads client: an outdoor-gear shop with 8 campaigns (6 search,
// one shopping, one display), ad groups, 5 keywords per search ad group and about 480 candidate
// search terms, of which some 300 get traffic on a given day. Built once per customer, from its id.
import { trafficProfile } from '../../sandbox/apis/ad-traffic';
import type { TrafficMarket, TrafficScale } from '../../sandbox/apis/ad-traffic';
import { hash, pick, VOCABULARY } from '../../sandbox/apis/data';
import type {
  AdGroup,
  Campaign,
  ChannelType,
  ConversionAction,
  Entities,
  Keyword,
  KeywordMatchType,
  SandboxCustomer,
  SearchTerm,
  SearchTermMatchType,
} from './sandbox-data';

const CATEGORIES: { name: string; products: string[] }[] = [
  { name: 'Footwear', products: ['hiking boots', 'trail shoes', 'climbing shoes', 'gaiters'] },
  { name: 'Shelter', products: ['tent', 'sleeping bag', 'hammock', 'bivy sack'] },
  { name: 'Packs', products: ['backpack', 'dry bag', 'trekking poles', 'camp chair'] },
  { name: 'Clothing', products: ['rain jacket', 'down jacket', 'fleece', 'base layer'] },
  { name: 'Camp Kitchen', products: ['camping stove', 'water filter', 'thermos', 'cook set'] },
  { name: 'Safety & Light', products: ['headlamp', 'compass', 'climbing harness', 'ski goggles'] },
];
const SHOPPING_GROUPS = ['All products', 'Best sellers', 'Clearance'];
const DISPLAY_GROUPS = ['Remarketing 30 days', 'In-market outdoor', 'Similar audiences'];
const ACTIONS: Omit<ConversionAction, 'index' | 'id' | 'resourceName'>[] = [
  { name: 'Purchase', category: 'PURCHASE' },
  { name: 'Newsletter signup', category: 'SIGNUP' },
  { name: 'Store call', category: 'PHONE_CALL_LEAD' },
];
const KEYWORD_MATCH: KeywordMatchType[] = ['EXACT', 'PHRASE', 'BROAD', 'EXACT', 'BROAD'];

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Google Ads' market: dearer clicks and larger baskets than Microsoft Advertising's. */
const MARKET: TrafficMarket = {
  presenceSpread: 0.35,
  minImpressions: 4,
  cpcCents: { min: 18, spread: 220 },
  orderValue: { min: 25, spread: 175 },
};
const traffic = (key: string, scale: TrafficScale) => trafficProfile(key, scale, MARKET);

/** Search terms of a keyword: the keyword itself and close variants, unique within the ad group. */
function termTexts(keyword: Keyword, seen: Set<string>): { text: string; matchType: SearchTermMatchType }[] {
  const modifier = (n: number) => pick(VOCABULARY.modifiers, keyword.adGroup.id, keyword.text, n);
  const candidates = [
    keyword.text,
    `${keyword.text} ${modifier(1)}`,
    `${modifier(2)} ${keyword.text}`,
    `${pick(VOCABULARY.brands, keyword.text)} ${keyword.text} ${modifier(3)}`,
    `${modifier(4)} ${keyword.text} ${modifier(5)}`,
    `${keyword.text} ${modifier(6)} ${modifier(7)}`,
  ];
  const variant: SearchTermMatchType =
    keyword.matchType === 'EXACT' ? 'NEAR_EXACT' : keyword.matchType === 'PHRASE' ? 'PHRASE' : 'BROAD';
  const terms: { text: string; matchType: SearchTermMatchType }[] = [];
  for (const text of candidates) {
    if (terms.length === 4) break;
    if (seen.has(text)) continue;
    seen.add(text);
    terms.push({ text, matchType: terms.length === 0 && keyword.matchType === 'EXACT' ? 'EXACT' : variant });
  }
  return terms;
}

function buildEntities(customer: SandboxCustomer): Entities {
  const entities: Entities = { campaigns: [], adGroups: [], keywords: [], terms: [], actions: [] };
  const cid = customer.id;
  const campaignBase = 17_000_000_000 + (hash(cid, 'campaigns') % 1_000_000) * 1000;
  const specs: { channel: ChannelType; name: string; groups: string[] }[] = [
    ...CATEGORIES.map((c) => ({ channel: 'SEARCH' as const, name: c.name, groups: c.products })),
    { channel: 'SHOPPING', name: 'All products', groups: SHOPPING_GROUPS },
    { channel: 'DISPLAY', name: 'Remarketing', groups: DISPLAY_GROUPS },
  ];
  specs.forEach((spec, i) => {
    const id = String(campaignBase + i);
    const campaign: Campaign = {
      index: i,
      id,
      resourceName: `customers/${cid}/campaigns/${id}`,
      name: `${customer.market} | ${capitalize(spec.channel.toLowerCase())} | ${spec.name}`,
      // The last search campaign was paused recently: its history stays.
      status: i === 5 ? 'PAUSED' : 'ENABLED',
      channel: spec.channel,
      adGroups: [],
    };
    entities.campaigns.push(campaign);
    spec.groups.forEach((group, j) => {
      const adGroupId = String(Number(id) * 100 + j);
      const adGroup: AdGroup = {
        index: entities.adGroups.length,
        id: adGroupId,
        resourceName: `customers/${cid}/adGroups/${adGroupId}`,
        name: capitalize(group),
        status: 'ENABLED',
        type:
          spec.channel === 'SEARCH'
            ? 'SEARCH_STANDARD'
            : spec.channel === 'SHOPPING'
              ? 'SHOPPING_PRODUCT_ADS'
              : 'DISPLAY_STANDARD',
        campaign,
        keywords: [],
        traffic:
          spec.channel === 'SEARCH'
            ? null
            : traffic(`${cid}|${adGroupId}`, {
                impressions: spec.channel === 'SHOPPING' ? 2400 : 9000,
                ctr: spec.channel === 'SHOPPING' ? 0.02 : 0.006,
                presence: 1,
              }),
      };
      campaign.adGroups.push(adGroup);
      entities.adGroups.push(adGroup);
      if (spec.channel === 'SEARCH') addKeywords(customer, adGroup, group, entities);
    });
  });
  ACTIONS.forEach((action, k) => {
    const id = String(600_000_000 + (hash(cid, 'actions') % 1_000_000) * 100 + k);
    entities.actions.push({
      ...action,
      index: k,
      id,
      resourceName: `customers/${cid}/conversionActions/${id}`,
    });
  });
  return entities;
}

function addKeywords(customer: SandboxCustomer, adGroup: AdGroup, product: string, entities: Entities) {
  const cid = customer.id;
  const texts = new Set<string>();
  const seenTerms = new Set<string>();
  const criterionBase = 300_000_000_000 + (hash(adGroup.id, 'criteria') % 10_000_000) * 10;
  for (let k = 0; k < KEYWORD_MATCH.length; k++) {
    let text = product;
    for (let attempt = 0; k > 0 && (attempt === 0 || texts.has(text)); attempt++) {
      const modifier = pick(VOCABULARY.modifiers, adGroup.id, k, attempt);
      text =
        k === 3 ? `${pick(VOCABULARY.brands, adGroup.id, attempt)} ${product}` : `${modifier} ${product}`;
    }
    texts.add(text);
    const criterionId = String(criterionBase + k);
    const keyword: Keyword = {
      index: entities.keywords.length,
      criterionId,
      resourceName: `customers/${cid}/adGroupCriteria/${adGroup.id}~${criterionId}`,
      viewResourceName: `customers/${cid}/keywordViews/${adGroup.id}~${criterionId}`,
      text,
      matchType: KEYWORD_MATCH[k] ?? 'BROAD',
      status: 'ENABLED',
      adGroup,
      terms: [],
    };
    adGroup.keywords.push(keyword);
    entities.keywords.push(keyword);
    for (const term of termTexts(keyword, seenTerms)) {
      const encoded = Buffer.from(term.text).toString('base64url');
      const search: SearchTerm = {
        index: entities.terms.length,
        text: term.text,
        textJson: JSON.stringify(term.text),
        resourceName: `customers/${cid}/searchTermViews/${adGroup.campaign.id}~${adGroup.id}~${encoded}`,
        matchType: term.matchType,
        keyword,
        traffic: traffic(`${cid}|${adGroup.id}|${term.text}`, {
          impressions: 150,
          ctr: 0.08,
          presence: 0.45,
        }),
      };
      keyword.terms.push(search);
      entities.terms.push(search);
    }
  }
}

const ENTITIES = new Map<string, Entities>();

/** The campaigns and below of a client account (none for a manager). */
export function entitiesOf(customer: SandboxCustomer): Entities {
  let entities = ENTITIES.get(customer.id);
  if (!entities) {
    entities = customer.manager
      ? { campaigns: [], adGroups: [], keywords: [], terms: [], actions: [] }
      : buildEntities(customer);
    ENTITIES.set(customer.id, entities);
  }
  return entities;
}

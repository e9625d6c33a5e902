// Daily numbers of the sandbox Google Ads accounts, drawn at the finest level and summed upward, so
// that every report reconciles exactly: search terms → keywords → ad groups (shopping and display
// ad groups draw their own) → campaigns → customer, and conversion actions split each campaign's
// conversions. Values are pure functions of (customer, entity, day): any range, any order, the
// same numbers. Conversions are whole halves and values whole quarters, so sums of them are exact
// in binary floating point whatever the order a warehouse adds them in.
import { utcDay } from '@maya/contracts';
import { DRAW_WIDTH, drawTraffic, mix } from '../../sandbox/apis/ad-traffic';
import type { Traffic } from '../../sandbox/apis/ad-traffic';
import { season } from '../../sandbox/apis/data';
import { entitiesOf } from './sandbox-entities';
import type {
  AdGroup,
  Campaign,
  ConversionAction,
  Keyword,
  SandboxCustomer,
  SearchTerm,
} from './sandbox-data';

/** One result row before serialization; absent parts are null. */
export type Row = {
  customer: SandboxCustomer;
  /** customer_client rows: the client and its level below the queried customer. */
  client: SandboxCustomer | null;
  level: number;
  campaign: Campaign | null;
  adGroup: AdGroup | null;
  keyword: Keyword | null;
  term: SearchTerm | null;
  action: ConversionAction | null;
  date: string | null;
  impressions: number;
  clicks: number;
  costMicros: number;
  conversions: number;
  conversionsValue: number;
};

export function emptyRow(customer: SandboxCustomer): Row {
  return {
    customer,
    client: null,
    level: 0,
    campaign: null,
    adGroup: null,
    keyword: null,
    term: null,
    action: null,
    date: null,
    impressions: 0,
    clicks: 0,
    costMicros: 0,
    conversions: 0,
    conversionsValue: 0,
  };
}

const DAY_MS = 86_400_000;

/** Sums per entity: impressions, clicks, spend cents, conversion halves, value quarters. */
const WIDTH = DRAW_WIDTH;
/** Conversion values in quarters of the currency: sums of them are exact. */
const QUARTERS = 4;

function draw(t: Traffic, day: Day, into: Float64Array, offset: number): boolean {
  return drawTraffic(t, day.day, day.demand, QUARTERS, into, offset, day.lateConversions);
}

/** A day: its number, date, season and the factor of its late conversions (1: none). */
export type Day = { day: number; date: string; demand: number; lateConversions: number };

export function dayOf(day: number, lateConversions: (date: string) => number = () => 1): Day {
  const date = utcDay(day * DAY_MS);
  return { day, date, demand: season(date), lateConversions: lateConversions(date) };
}

/**
 * The rows of one day (or of an undated query): `fill` writes row `i` into a cursor row, so a
 * day of search terms costs two typed arrays, not an object per row.
 */
export type Chunk = { count: number; fill: (i: number, row: Row) => void };

function setMetrics(row: Row, date: string, sums: Float64Array, offset: number): void {
  row.date = date;
  row.impressions = sums[offset] ?? 0;
  row.clicks = sums[offset + 1] ?? 0;
  row.costMicros = (sums[offset + 2] ?? 0) * 10_000;
  row.conversions = (sums[offset + 3] ?? 0) / 2;
  row.conversionsValue = (sums[offset + 4] ?? 0) / 4;
}

/** A chunk of ready rows (entity lists, conversion actions: a few dozen at most). */
export function rowsChunk(rows: Row[]): Chunk {
  return { count: rows.length, fill: (i, row) => Object.assign(row, rows[i]) };
}

/** The search terms that got traffic on the day. */
export function searchTermChunk(customer: SandboxCustomer, day: Day): Chunk {
  const { terms } = entitiesOf(customer);
  const picked = new Int32Array(terms.length);
  const sums = new Float64Array(terms.length * WIDTH);
  let count = 0;
  for (const term of terms) {
    if (draw(term.traffic, day, sums, count * WIDTH)) picked[count++] = term.index;
  }
  return {
    count,
    fill(i, row) {
      const term = terms[picked[i] ?? 0];
      if (!term) return;
      row.term = term;
      row.keyword = term.keyword;
      row.adGroup = term.keyword.adGroup;
      row.campaign = term.keyword.adGroup.campaign;
      setMetrics(row, day.date, sums, i * WIDTH);
    },
  };
}

export type DayTotals = { keywords: Float64Array; adGroups: Float64Array; campaigns: Float64Array };

/** Every level's sums for the day. */
export function dayTotals(customer: SandboxCustomer, day: Day): DayTotals {
  const { terms, keywords, adGroups, campaigns } = entitiesOf(customer);
  const totals: DayTotals = {
    keywords: new Float64Array(keywords.length * WIDTH),
    adGroups: new Float64Array(adGroups.length * WIDTH),
    campaigns: new Float64Array(campaigns.length * WIDTH),
  };
  const draws = new Float64Array(WIDTH);
  for (const term of terms) {
    if (draw(term.traffic, day, draws, 0)) add(totals.keywords, term.keyword.index, draws, 0);
  }
  for (const adGroup of adGroups) {
    if (adGroup.traffic) {
      if (draw(adGroup.traffic, day, draws, 0)) add(totals.adGroups, adGroup.index, draws, 0);
    } else {
      for (const keyword of adGroup.keywords)
        add(totals.adGroups, adGroup.index, totals.keywords, keyword.index * WIDTH);
    }
    add(totals.campaigns, adGroup.campaign.index, totals.adGroups, adGroup.index * WIDTH);
  }
  return totals;
}

function add(into: Float64Array, index: number, from: Float64Array, offset: number): void {
  const at = index * WIDTH;
  for (let i = 0; i < WIDTH; i++) into[at + i] = (into[at + i] ?? 0) + (from[offset + i] ?? 0);
}

export type Level = 'customer' | 'campaign' | 'ad_group' | 'keyword';

/** A level's entities with impressions on the day (Google leaves the others out). */
export function levelChunk(customer: SandboxCustomer, day: Day, level: Level): Chunk {
  const totals = dayTotals(customer, day);
  const entities = entitiesOf(customer);
  if (level === 'customer') {
    const sums = new Float64Array(WIDTH);
    for (let c = 0; c < entities.campaigns.length; c++) add(sums, 0, totals.campaigns, c * WIDTH);
    return { count: (sums[0] ?? 0) > 0 ? 1 : 0, fill: (_i, row) => setMetrics(row, day.date, sums, 0) };
  }
  const [sums, fill] = levelFill(level, entities, totals);
  const present: number[] = [];
  for (let e = 0; e * WIDTH < sums.length; e++) if ((sums[e * WIDTH] ?? 0) > 0) present.push(e);
  return {
    count: present.length,
    fill(i, row) {
      const e = present[i] ?? 0;
      fill(e, row);
      setMetrics(row, day.date, sums, e * WIDTH);
    },
  };
}

function levelFill(
  level: Exclude<Level, 'customer'>,
  entities: ReturnType<typeof entitiesOf>,
  totals: DayTotals,
): [Float64Array, (e: number, row: Row) => void] {
  switch (level) {
    case 'campaign':
      return [totals.campaigns, (e, row) => (row.campaign = entities.campaigns[e] ?? null)];
    case 'ad_group':
      return [
        totals.adGroups,
        (e, row) => {
          const adGroup = entities.adGroups[e] ?? null;
          row.adGroup = adGroup;
          row.campaign = adGroup?.campaign ?? null;
        },
      ];
    case 'keyword':
      return [
        totals.keywords,
        (e, row) => {
          const keyword = entities.keywords[e] ?? null;
          row.keyword = keyword;
          row.adGroup = keyword?.adGroup ?? null;
          row.campaign = keyword?.adGroup.campaign ?? null;
        },
      ];
    default:
      throw new Error(`unknown level ${String(level satisfies never)}`);
  }
}

/**
 * Conversions by campaign (or the whole customer) and conversion action: each campaign's
 * conversion halves and value quarters split between the actions, the remainder to the first
 * (purchases), so the parts add up exactly. Rows without conversions are left out.
 */
export function conversionActionRows(customer: SandboxCustomer, day: Day, byCampaign: boolean): Row[] {
  const totals = dayTotals(customer, day);
  const { campaigns, actions } = entitiesOf(customer);
  const rows: Row[] = [];
  const perCustomer = new Float64Array(actions.length * 2);
  for (const campaign of campaigns) {
    const at = campaign.index * WIDTH;
    const halves = totals.campaigns[at + 3] ?? 0;
    const quarters = totals.campaigns[at + 4] ?? 0;
    if (halves === 0) continue;
    const split = new Float64Array(actions.length * 2);
    let restHalves = halves;
    let restQuarters = quarters;
    for (let k = actions.length - 1; k > 0; k--) {
      const share = (0.08 + 0.2 * mix(Number(campaign.id) % 0x7fffffff, day.day, 10 + k)) * halves;
      const h = Math.min(restHalves, Math.floor(share));
      const q = Math.min(restQuarters, Math.floor((quarters * h) / halves / 3));
      split[k * 2] = h;
      split[k * 2 + 1] = q;
      restHalves -= h;
      restQuarters -= q;
    }
    split[0] = restHalves;
    split[1] = restQuarters;
    for (const action of actions) {
      const h = split[action.index * 2] ?? 0;
      const q = split[action.index * 2 + 1] ?? 0;
      perCustomer[action.index * 2] = (perCustomer[action.index * 2] ?? 0) + h;
      perCustomer[action.index * 2 + 1] = (perCustomer[action.index * 2 + 1] ?? 0) + q;
      if (!byCampaign || h === 0) continue;
      rows.push(actionRow(customer, day, action, h, q, campaign));
    }
  }
  if (byCampaign) return rows;
  for (const action of actions) {
    const h = perCustomer[action.index * 2] ?? 0;
    if (h > 0) rows.push(actionRow(customer, day, action, h, perCustomer[action.index * 2 + 1] ?? 0, null));
  }
  return rows;
}

function actionRow(
  customer: SandboxCustomer,
  day: Day,
  action: ConversionAction,
  halves: number,
  quarters: number,
  campaign: Campaign | null,
): Row {
  const row = emptyRow(customer);
  row.date = day.date;
  row.campaign = campaign;
  row.action = action;
  row.conversions = halves / 2;
  row.conversionsValue = quarters / 4;
  return row;
}

// The Moosend sandbox's accounts: two API keys, each an account with its senders, mailing lists
// and two years of campaigns (a Tuesday newsletter and a promotion every other Friday, plus drafts).
// A campaign's totals grow after delivery (most opens come in the first two days) as a pure
// function of (campaign, clock), so the campaign list and the campaign summary always agree.
import { addDays } from '@maya/contracts';
import { VOCABULARY, datesWithData, hash, historyWindow, pick, unit } from '../../sandbox/apis/data';

/** Valid sandbox API keys (any other key is refused as Moosend refuses an invalid one). */
export const MOOSEND_SANDBOX_API_KEYS = {
  northpeak: '3a1f0c52-7b9e-4d21-9f43-6c8e2a5b7d10',
  trailfox: 'c7d2e8f1-4a6b-4e3c-8d9a-1b2c3d4e5f60',
} as const;

export type MoosendSender = { id: string; name: string; email: string; createdOn: number };
export type MoosendList = { id: string; name: string; members: number };

export type MoosendAccount = {
  apiKey: string;
  siteName: string;
  /** The account's time zone: its Windows name and UTC offset in minutes (fixed, no DST). */
  timezone: { name: string; offsetMinutes: number };
  /** The first sender is the account's own (campaigns are sent from it). */
  senders: [MoosendSender, ...MoosendSender[]];
  /** The first list gets the newsletter, the last the promotions. */
  lists: [MoosendList, ...MoosendList[]];
};

/** A GUID derived from the keys, as Moosend ids look. */
export function guid(...keys: (string | number)[]): string {
  const hex = [0, 1, 2, 3]
    .map((i) =>
      hash(...keys, i)
        .toString(16)
        .padStart(8, '0'),
    )
    .join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

const at = (date: string, hour: number) => Date.parse(`${date}T${String(hour).padStart(2, '0')}:00:00Z`);

export const MOOSEND_SANDBOX_ACCOUNTS: readonly MoosendAccount[] = [
  {
    apiKey: MOOSEND_SANDBOX_API_KEYS.northpeak,
    siteName: 'northpeak',
    timezone: { name: 'GTB Standard Time', offsetMinutes: 120 },
    senders: [
      {
        id: guid('np', 'sender', 1),
        name: 'Northpeak Outdoor',
        email: 'news@northpeak.example',
        createdOn: at('2021-03-02', 9),
      },
      {
        id: guid('np', 'sender', 2),
        name: 'Northpeak Support',
        email: 'support@northpeak.example',
        createdOn: at('2022-05-10', 9),
      },
    ],
    lists: [
      { id: guid('np', 'list', 1), name: 'Newsletter', members: 18_400 },
      { id: guid('np', 'list', 2), name: 'Customers', members: 6_250 },
    ],
  },
  {
    apiKey: MOOSEND_SANDBOX_API_KEYS.trailfox,
    siteName: 'trailfox',
    timezone: { name: 'W. Europe Standard Time', offsetMinutes: 60 },
    senders: [
      {
        id: guid('tf', 'sender', 1),
        name: 'Trailfox',
        email: 'hello@trailfox.example',
        createdOn: at('2020-11-20', 8),
      },
    ],
    lists: [{ id: guid('tf', 'list', 1), name: 'Subscribers', members: 4_100 }],
  },
];

export function accountForKey(apiKey: string): MoosendAccount | null {
  return MOOSEND_SANDBOX_ACCOUNTS.find((account) => account.apiKey === apiKey) ?? null;
}

/** Moosend's campaign statuses. */
export const STATUS = { draft: 0, sent: 3 } as const;

export type MoosendTotals = {
  sent: number;
  uniqueOpens: number;
  totalOpens: number;
  uniqueLinkClicks: number;
  totalLinkClicks: number;
  bounces: number;
  unsubscribes: number;
  complaints: number;
  forwards: number;
  uniqueForwards: number;
};

export type MoosendCampaign = {
  id: string;
  name: string;
  subject: string;
  status: number;
  createdOn: number;
  deliveredOn: number | null;
  list: MoosendList;
  sender: MoosendSender;
  recipients: number;
};

/** The account's campaigns by creation time: sent ones over the history window, then drafts. */
export function campaignsOf(account: MoosendAccount, nowMs: number): MoosendCampaign[] {
  const window = historyWindow(nowMs);
  const campaigns: MoosendCampaign[] = [];
  for (const date of datesWithData(window.first, window.last, nowMs)) {
    const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
    const week = Math.floor(Date.parse(date) / (7 * 86_400_000));
    const isNewsletter = weekday === 2;
    const isPromo = weekday === 5 && week % 2 === 0;
    if (!isNewsletter && !isPromo) continue;
    const list = isNewsletter
      ? account.lists[0]
      : (account.lists[account.lists.length - 1] ?? account.lists[0]);
    const product = pick(VOCABULARY.products, account.siteName, date);
    const delivered = at(date, 7) + (hash(account.siteName, date, 'minute') % 120) * 60_000;
    campaigns.push({
      id: guid(account.siteName, 'campaign', date),
      name: isNewsletter ? `Weekly newsletter ${date}` : `Promo: ${product} ${date}`,
      subject: isNewsletter
        ? `This week at ${account.senders[0].name}`
        : `${product}: up to 30% off this weekend`,
      status: STATUS.sent,
      createdOn: delivered - 2 * 86_400_000,
      deliveredOn: delivered,
      list,
      sender: account.senders[0],
      // Lists grow by about a fifth a year.
      recipients: Math.round(
        list.members * (0.8 + (0.2 * (Date.parse(date) - Date.parse(window.first))) / (365 * 86_400_000)),
      ),
    });
  }
  for (const n of [1, 2]) {
    const created = at(addDays(window.last, -n), 15);
    campaigns.push({
      id: guid(account.siteName, 'draft', n, window.last),
      name: `Draft ${n}: winter collection`,
      subject: 'Winter is coming',
      status: STATUS.draft,
      createdOn: created,
      deliveredOn: null,
      list: account.lists[0],
      sender: account.senders[0],
      recipients: account.lists[0].members,
    });
  }
  return campaigns;
}

/**
 * A sent campaign's totals as of `nowMs`: final totals times the share of activity so far.
 * `restated` is a restatement's factor (sandbox/apis/late-conversions.ts) of the opens and clicks
 * (Moosend crediting late opens, images loaded days later), by the campaign's delivery day.
 */
export function totalsOf(campaign: MoosendCampaign, nowMs: number, restated = 1): MoosendTotals {
  const zero = {
    sent: 0,
    uniqueOpens: 0,
    totalOpens: 0,
    uniqueLinkClicks: 0,
    totalLinkClicks: 0,
    bounces: 0,
    unsubscribes: 0,
    complaints: 0,
    forwards: 0,
    uniqueForwards: 0,
  };
  if (campaign.deliveredOn === null || campaign.deliveredOn > nowMs) return zero;
  const hours = (nowMs - campaign.deliveredOn) / 3_600_000;
  const share = (1 - 0.5 ** (hours / 18)) * restated;
  const id = campaign.id;
  const bounces = Math.round(campaign.recipients * (0.003 + 0.007 * unit(id, 'bounce')));
  const sent = campaign.recipients - bounces;
  const finalUniqueOpens = sent * (0.18 + 0.17 * unit(id, 'open'));
  const uniqueOpens = Math.round(finalUniqueOpens * share);
  const uniqueLinkClicks = Math.round(finalUniqueOpens * (0.08 + 0.14 * unit(id, 'click')) * share);
  const uniqueForwards = Math.round(finalUniqueOpens * 0.004 * share);
  return {
    sent,
    uniqueOpens,
    totalOpens: Math.round(uniqueOpens * (1.3 + 0.5 * unit(id, 'reopen'))),
    uniqueLinkClicks,
    totalLinkClicks: Math.round(uniqueLinkClicks * (1.2 + 0.4 * unit(id, 'reclick'))),
    bounces,
    unsubscribes: Math.round(sent * (0.001 + 0.003 * unit(id, 'unsub')) * share),
    complaints: Math.round(sent * 0.0002 * unit(id, 'spam') * share),
    forwards: Math.round(uniqueForwards * 1.1),
    uniqueForwards,
  };
}

/** Moosend's JSON dates: `/Date(1464952817450+0100)/`, epoch milliseconds and the account's offset. */
export function moosendDate(ms: number, offsetMinutes: number): string {
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  const offset = `${String(Math.floor(abs / 60)).padStart(2, '0')}${String(abs % 60).padStart(2, '0')}`;
  return `/Date(${ms}${sign}${offset})/`;
}

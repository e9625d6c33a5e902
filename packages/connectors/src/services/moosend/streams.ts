// The tables the Moosend connector loads, and how Moosend's campaign objects become their rows.
import { strings, integers } from '../../core/columns';
import type { Row, StreamSchema } from '../../core/types';
import { parseMoosendDate } from './api';

export const MOOSEND_STREAMS = {
  campaigns: {
    name: 'campaigns',
    description:
      'Every campaign of the account (drafts included), as GET /campaigns/{Page}/{PageSize} lists them.',
    columns: [
      ...strings('account_id', 'campaign_id', 'name', 'subject', 'status'),
      { name: 'created_at', type: 'timestamp', nullable: true },
      { name: 'delivered_at', type: 'timestamp', nullable: true },
      { name: 'delivered_on', type: 'date', nullable: true },
      { name: 'mailing_list_ids', type: 'string' },
      { name: 'recipients', type: 'integer' },
      { name: 'is_transactional', type: 'boolean' },
      { name: 'is_ab_test', type: 'boolean' },
    ],
    primaryKey: ['account_id', 'campaign_id'],
  },
  campaign_stats: {
    name: 'campaign_stats',
    description:
      'Totals to date of each sent campaign (GET /campaigns/{id}/view_summary), dated by its delivery ' +
      'day in the account time zone and refreshed while the campaign is within the lookback.',
    columns: [
      ...strings('account_id', 'campaign_id'),
      { name: 'date', type: 'date' },
      ...integers(
        'sent',
        'unique_opens',
        'total_opens',
        'unique_link_clicks',
        'total_link_clicks',
        'bounces',
        'unsubscribes',
        'complaints',
        'forwards',
        'unique_forwards',
      ),
      { name: 'measured_until', type: 'timestamp', nullable: true },
      { name: 'is_archived', type: 'boolean' },
    ],
    primaryKey: ['account_id', 'campaign_id'],
  },
} as const satisfies Record<string, StreamSchema>;

/** Moosend's campaign status codes, named. */
const STATUS_NAMES: Readonly<Record<number, string>> = {
  0: 'draft',
  1: 'queued',
  3: 'sent',
  4: 'not_enough_credits',
  5: 'awaiting_delivery',
  6: 'sending',
  10: 'deleted',
  11: 'selecting_winner',
  12: 'archived',
  13: 'subscription_expired',
  14: 'subscription_limits_exceeded',
};

export const statusName = (code: number): string => STATUS_NAMES[code] ?? `status_${code}`;

/** A campaign of GET /campaigns/{Page}/{PageSize}. */
export type MoosendCampaignItem = {
  ID: string;
  Name: string | null;
  Subject: string | null;
  Status: number;
  CreatedOn: string | null;
  DeliveredOn: string | null;
  ABCampaignType: number | null;
  RecipientsCount: number | null;
  IsTransactional: boolean | null;
  MailingLists: { MailingList: { ID: string } | null }[] | null;
};

/** GET /campaigns/{id}/view_summary. */
export type MoosendSummary = {
  CampaignID: string;
  CampaignDeliveredOn: string | null;
  To: string | null;
  Sent: number | null;
  UniqueOpens: number | null;
  TotalOpens: number | null;
  UniqueLinkClicks: number | null;
  TotalLinkClicks: number | null;
  TotalBounces: number | null;
  TotalUnsubscribes: number | null;
  TotalComplaints: number | null;
  TotalForwards: number | null;
  UniqueForwards: number | null;
  CampaignIsArchived: boolean | null;
};

export function campaignRow(accountId: string, item: MoosendCampaignItem): Row {
  const delivered = parseMoosendDate(item.DeliveredOn);
  return {
    account_id: accountId,
    campaign_id: item.ID,
    name: item.Name ?? '',
    subject: item.Subject ?? '',
    status: statusName(item.Status),
    created_at: parseMoosendDate(item.CreatedOn)?.timestamp ?? null,
    delivered_at: delivered?.timestamp ?? null,
    delivered_on: delivered?.localDate ?? null,
    mailing_list_ids: (item.MailingLists ?? [])
      .flatMap((l) => (l.MailingList ? [l.MailingList.ID] : []))
      .join(','),
    recipients: item.RecipientsCount ?? 0,
    is_transactional: item.IsTransactional ?? false,
    is_ab_test: item.ABCampaignType !== null,
  };
}

export function statsRow(accountId: string, date: string, summary: MoosendSummary): Row {
  return {
    account_id: accountId,
    campaign_id: summary.CampaignID,
    date,
    sent: summary.Sent ?? 0,
    unique_opens: summary.UniqueOpens ?? 0,
    total_opens: summary.TotalOpens ?? 0,
    unique_link_clicks: summary.UniqueLinkClicks ?? 0,
    total_link_clicks: summary.TotalLinkClicks ?? 0,
    bounces: summary.TotalBounces ?? 0,
    unsubscribes: summary.TotalUnsubscribes ?? 0,
    complaints: summary.TotalComplaints ?? 0,
    forwards: summary.TotalForwards ?? 0,
    unique_forwards: summary.UniqueForwards ?? 0,
    measured_until: parseMoosendDate(summary.To)?.timestamp ?? null,
    is_archived: summary.CampaignIsArchived ?? false,
  };
}

// Moosend (email marketing) through its API v3 with an API key: the account is the key's own
// (named by its sending identity), its campaigns, and the totals of each sent campaign.
// https://docs.moosend.com/api-documentation (Campaigns: Get campaigns by page, Campaign summary)
import { createHash } from 'node:crypto';
import type { SelectableAccount } from '@maya/contracts';
import type { AccountRef, Connector, ConnectorContext, DateRange, StreamBatch } from '../../core/types';
import { moosendClient } from './api';
import { MOOSEND_STREAMS, campaignRow, statsRow, statusName } from './streams';
import type { MoosendCampaignItem, MoosendSummary } from './streams';

export type MoosendOptions = {
  /** Campaigns per page (Moosend allows up to 100); tests lower it to exercise paging. */
  pageSize?: number;
};

type Sender = { Name: string | null; Email: string; CreatedOn: string | null; IsEnabled: boolean | null };
type CampaignPage = {
  Paging: { CurrentPage: number; TotalPageCount: number };
  Campaigns: MoosendCampaignItem[] | null;
};

/** Moosend's "sent" status; only sent campaigns have a summary. */
const SENT = 3;

/**
 * The account of the key: Moosend has no account endpoint, so the account is named by its first
 * sender (the address it was opened with), which survives a regenerated API key.
 */
async function listMoosendAccounts(context: ConnectorContext): Promise<SelectableAccount[]> {
  const client = moosendClient(context);
  const senders = (await client.get<Sender[] | null>('/senders/find_all.json')) ?? [];
  const owner = senders.find((s) => s.IsEnabled !== false) ?? senders[0];
  const apiKey = context.credentials.kind === 'api_key' ? context.credentials.api_key : '';
  const identifier = owner?.Email ?? `key-${createHash('sha256').update(apiKey).digest('hex').slice(0, 12)}`;
  return [
    {
      identifier,
      id_label: identifier,
      name: owner?.Name ?? 'Moosend account',
      parent_id: null,
      selectable: true,
      metadata: { thumbnail_url: null },
    },
  ];
}

export function createMoosendConnector(options: MoosendOptions = {}): Connector {
  const pageSize = options.pageSize ?? 100;

  async function* extract(
    context: ConnectorContext,
    account: AccountRef,
    range: DateRange,
  ): AsyncIterable<StreamBatch> {
    const client = moosendClient(context);
    const inRange: { id: string; date: string }[] = [];
    for (let page = 1; ; page++) {
      const answer = await client.get<CampaignPage>(`/campaigns/${page}/${pageSize}.json`, {
        SortBy: 'CreatedOn',
        SortMethod: 'ASC',
      });
      const campaigns = answer.Campaigns ?? [];
      if (campaigns.length > 0) {
        const rows = campaigns.map((campaign) => campaignRow(account.identifier, campaign));
        yield { stream: MOOSEND_STREAMS.campaigns.name, rows };
        for (const row of rows) {
          const date = row.delivered_on;
          if (
            row.status === statusName(SENT) &&
            typeof date === 'string' &&
            date >= range.from &&
            date <= range.to
          ) {
            inRange.push({ id: String(row.campaign_id), date });
          }
        }
      }
      if (campaigns.length === 0 || page >= answer.Paging.TotalPageCount) break;
    }
    // Totals of the campaigns delivered in the range, a batch per page of campaigns.
    for (let start = 0; start < inRange.length; start += pageSize) {
      const rows = [];
      for (const { id, date } of inRange.slice(start, start + pageSize)) {
        const summary = await client.get<MoosendSummary>(`/campaigns/${id}/view_summary.json`);
        rows.push(statsRow(account.identifier, date, summary));
      }
      yield { stream: MOOSEND_STREAMS.campaign_stats.name, rows };
    }
  }

  return {
    id: 'moosend',
    auth: { kind: 'api_key' },
    streams: Object.values(MOOSEND_STREAMS),
    // Opens and clicks keep arriving for weeks after a send; Moosend archives campaigns after three months.
    lookbackDays: 30,
    listAccounts: listMoosendAccounts,
    extract,
  };
}

export const moosendConnector = createMoosendConnector();

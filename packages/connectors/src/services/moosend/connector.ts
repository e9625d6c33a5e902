// Moosend (email marketing) through its API v3 with an API key: the account is the key's own
// (named by its sending identity), its campaigns, and the totals of each sent campaign.
// https://docs.moosend.com/api-documentation (Campaigns: Get campaigns by page, Campaign summary)
import { createHash } from 'node:crypto';
import type { SelectableAccount } from '@maya/contracts';
import { accountNode } from '../../core/accounts';
import { defineConnector } from '../../core/connector';
import type { Connector, ConnectorContext, DateRange, Row } from '../../core/types';
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
    accountNode({
      identifier,
      id_label: identifier,
      name: owner?.Name ?? 'Moosend account',
      parent_id: null,
      selectable: true,
    }),
  ];
}

const isSentIn = (row: Row, range: DateRange): row is Row & { delivered_on: string } =>
  row.status === statusName(SENT) &&
  typeof row.delivered_on === 'string' &&
  row.delivered_on >= range.from &&
  row.delivered_on <= range.to;

export function createMoosendConnector(options: MoosendOptions = {}): Connector {
  const pageSize = options.pageSize ?? 100;

  return defineConnector({
    id: 'moosend',
    auth: { kind: 'api_key' },
    streams: Object.values(MOOSEND_STREAMS),
    // Opens and clicks keep arriving for weeks after a send; Moosend archives campaigns after three months.
    lookbackDays: 30,
    listAccounts: listMoosendAccounts,
    async *extract(context, account, range, wanted) {
      const client = moosendClient(context);
      // campaign_stats reads the campaign list too: it names the campaigns sent in the range.
      const sent: { id: string; date: string }[] = [];
      for (let page = 1; ; page++) {
        const answer = await client.get<CampaignPage>(`/campaigns/${page}/${pageSize}.json`, {
          SortBy: 'CreatedOn',
          SortMethod: 'ASC',
        });
        const rows = (answer.Campaigns ?? []).map((campaign) => campaignRow(account.identifier, campaign));
        if (rows.length > 0 && wanted.has(MOOSEND_STREAMS.campaigns.name)) {
          yield { stream: MOOSEND_STREAMS.campaigns.name, rows };
        }
        for (const row of rows.filter((r) => isSentIn(r, range))) {
          sent.push({ id: String(row.campaign_id), date: row.delivered_on });
        }
        if (rows.length === 0 || page >= answer.Paging.TotalPageCount) break;
      }
      if (!wanted.has(MOOSEND_STREAMS.campaign_stats.name)) return;
      // Totals of the campaigns delivered in the range, a batch per page of campaigns.
      for (let start = 0; start < sent.length; start += pageSize) {
        const rows = [];
        for (const { id, date } of sent.slice(start, start + pageSize)) {
          const summary = await client.get<MoosendSummary>(`/campaigns/${id}/view_summary.json`);
          rows.push(statsRow(account.identifier, date, summary));
        }
        yield { stream: MOOSEND_STREAMS.campaign_stats.name, rows };
      }
    },
  });
}

export const moosendConnector = createMoosendConnector();

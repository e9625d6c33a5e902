// Apple Ads (App Store search ads) through the Apple Ads Platform API v1 (api.ts): the ad
// accounts the API user can access, and daily reports for campaigns, ad groups, keywords and
// search terms. Connections made with the Campaign Management API v5 stored org ids:
// migrateAccount maps each to its ad account (/v1/acls).
// https://developer.apple.com/documentation/apple-ads-platform-api/reports
import type { SelectableAccount } from '@maya/contracts';
import { accountNode, knownTimeZone } from '../../core/accounts';
import { defineConnector } from '../../core/connector';
import { httpFor } from '../../core/context';
import { windows } from '../../core/dates';
import { addDays, utcDay } from '@maya/contracts';
import { ProviderError } from '../../core/errors';
import type { AccountIdentity, AccountRef, Connector, ConnectorContext } from '../../core/types';
import { MAX_REPORT_PAGE, PROVIDER, acls, adAccount, campaignIds, readAppleError, reportPages } from './api';
import type { AdAccountAcl } from './api';
import { appleTokenSource } from './auth';
import { APPLE_STREAMS, dimensionsOf, metricsOf } from './streams';
import type { AppleReportRow, Level } from './streams';

/**
 * DAILY reports start at most 90 days back (Apple: "Date range start must be within the last 90
 * days"): the earliest day read is today - 90, and a window covers at most this many days.
 */
export const APPLE_DAILY_DAYS = 90;

export type AppleAdsOptions = {
  /** Report rows and campaigns per page (Apple allows up to 5000); tests lower it to exercise paging. */
  pageSize?: number;
  /** The clock deciding how far back DAILY reports reach; tests hand in the sandbox's. */
  now?: () => number;
};

const STREAM_OF: Record<Level, string> = {
  campaigns: APPLE_STREAMS.campaigns.name,
  adgroups: APPLE_STREAMS.ad_groups.name,
  keywords: APPLE_STREAMS.keywords.name,
  searchterms: APPLE_STREAMS.search_terms.name,
};

/** The reports read per campaign, in this order. */
const CAMPAIGN_LEVELS: readonly Exclude<Level, 'campaigns'>[] = ['adgroups', 'keywords', 'searchterms'];

const adAccountNode = (acl: AdAccountAcl, timeZone: string | null) =>
  accountNode(
    {
      identifier: String(acl.adAccount.id),
      id_label: String(acl.adAccount.id),
      name: acl.adAccount.name,
      parent_id: null,
      selectable: true,
    },
    { timeZone },
  );

/** The ad accounts, each with its reporting time zone (GET /v1/ad-accounts/{id}), on which its days are. */
async function listAdAccounts(context: ConnectorContext): Promise<SelectableAccount[]> {
  const http = httpFor(context, PROVIDER, readAppleError);
  const accounts = await acls(http, context.endpoints.appleAds);
  const nodes: SelectableAccount[] = [];
  for (const acl of accounts) {
    const details = await adAccount(http, context.endpoints.appleAds, String(acl.adAccount.id));
    nodes.push(adAccountNode(acl, knownTimeZone(details.timezone)));
  }
  return nodes;
}

/**
 * A stored account's ad account: itself when it is one the user can access, else the only ad
 * account of the org whose id it is (a Campaign Management API v5 org id; Apple's ad accounts name
 * the org they belong to).
 */
async function migrateAccount(
  context: ConnectorContext,
  account: AccountRef,
): Promise<AccountIdentity | null> {
  const accounts = await acls(httpFor(context, PROVIDER, readAppleError), context.endpoints.appleAds);
  if (accounts.some((acl) => String(acl.adAccount.id) === account.identifier)) return null;
  const ofOrg = accounts.filter((acl) => String(acl.adAccount.orgId) === account.identifier);
  const [only] = ofOrg;
  if (!only || ofOrg.length > 1) {
    const found = ofOrg.length === 0 ? 'no ad account' : `${ofOrg.length} ad accounts`;
    throw new ProviderError(
      'provider',
      `Apple Ads organization ${account.identifier} has ${found} the API user can access: reconnect it and choose its ad account.`,
      404,
      PROVIDER,
    );
  }
  const { id, name } = only.adAccount;
  return { identifier: String(id), id_label: String(id), name };
}

export function createAppleAdsConnector(options: AppleAdsOptions = {}): Connector {
  const pageSize = Math.min(options.pageSize ?? MAX_REPORT_PAGE, MAX_REPORT_PAGE);
  const now = options.now ?? Date.now;

  return defineConnector({
    id: 'apple_ads',
    auth: { kind: 'apple_ads_key_pair' },
    streams: Object.values(APPLE_STREAMS),
    // Installs are attributed for up to a week after the tap.
    lookbackDays: 7,
    accountTimeZones: true,
    authenticate: (input) => appleTokenSource(input),
    listAccounts: listAdAccounts,
    migrateAccount,
    async *extract(context, account, range, wanted) {
      const levels = CAMPAIGN_LEVELS.filter((level) => wanted.has(STREAM_OF[level]));
      const http = httpFor(context, PROVIDER, readAppleError);
      const base = context.endpoints.appleAds;
      const adAccountId = account.identifier;
      // Its currency stands in where Apple leaves out a zero spend (and a stranger's is refused).
      const { currency } = await adAccount(http, base, adAccountId);
      // Days beyond Apple's DAILY reach cannot be read; the rest of the range can.
      const earliest = addDays(utcDay(now()), -APPLE_DAILY_DAYS);
      const from = range.from > earliest ? range.from : earliest;
      if (from > range.to) return;
      const campaigns = await campaignIds(http, base, adAccountId, pageSize);
      if (campaigns.length === 0) return;
      const report = (level: Level, ids: readonly number[], window: { from: string; to: string }) =>
        reportPages(http, { base, adAccountId, level, campaignIds: ids, window, pageSize });
      const rowsOf = (level: Level, rows: AppleReportRow[]) =>
        rows.flatMap((row) => {
          const dimensions = dimensionsOf(level, row.metadata);
          return (row.granularMetrics ?? []).map((entry) => ({
            account_id: adAccountId,
            date: entry.date,
            ...dimensions,
            ...metricsOf(entry, currency),
          }));
        });

      for (const window of windows({ from, to: range.to }, APPLE_DAILY_DAYS)) {
        // The campaigns report (every campaign of the account) also names the campaigns with
        // activity in the window: the only ones whose other reports have rows.
        const active: number[] = [];
        for await (const rows of report('campaigns', campaigns, window)) {
          for (const row of rows) active.push(Number(row.metadata.id));
          const batch = wanted.has(STREAM_OF.campaigns) ? rowsOf('campaigns', rows) : [];
          if (batch.length > 0) yield { stream: STREAM_OF.campaigns, rows: batch };
        }
        for (const campaignId of active) {
          for (const level of levels) {
            for await (const rows of report(level, [campaignId], window)) {
              const batch = rowsOf(level, rows);
              if (batch.length > 0) yield { stream: STREAM_OF[level], rows: batch };
            }
          }
        }
      }
    },
  });
}

export const appleAdsConnector = createAppleAdsConnector();

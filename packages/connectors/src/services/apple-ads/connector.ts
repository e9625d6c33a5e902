// Apple Ads (App Store search ads) through the Campaign Management API v5 (api.ts): the
// organizations the API user can access, and daily reports for campaigns, ad groups, keywords and
// search terms.
// https://developer.apple.com/documentation/apple_ads/reports
import type { SelectableAccount } from '@maya/contracts';
import { accountNode } from '../../core/accounts';
import { defineConnector } from '../../core/connector';
import { httpFor } from '../../core/context';
import { windows } from '../../core/dates';
import { addDays, utcDay } from '@maya/contracts';
import { ProviderError } from '../../core/errors';
import type { Connector, ConnectorContext } from '../../core/types';
import { PROVIDER, acls, readAppleError, reportPages } from './api';
import { appleTokenSource } from './auth';
import { APPLE_STREAMS, dimensionsOf, metricsOf } from './streams';
import type { AppleReportRow, Level } from './streams';
import { APPLE_ADS_API_VERSION } from '../../core/api-versions';

/** DAILY reports cover at most 90 days, starting at most 90 days back (Apple's ReportingRequest rules). */
export const APPLE_DAILY_DAYS = 90;

export type AppleAdsOptions = {
  /** Report rows per page (Apple allows up to 1000); tests lower it to exercise paging. */
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

/** Search tab and Today tab campaigns have no keywords: Apple refuses their keyword reports. */
const hasNoKeywords = (error: unknown) =>
  error instanceof ProviderError && error.status === 400 && /DOES NOT CONTAIN KEYWORD/i.test(error.message);

async function listOrganizations(context: ConnectorContext): Promise<SelectableAccount[]> {
  const orgs = await acls(httpFor(context, PROVIDER, readAppleError), context.endpoints.appleAds);
  const ids = new Set(orgs.map((org) => org.orgId));
  return orgs.map((org) =>
    accountNode({
      identifier: String(org.orgId),
      id_label: String(org.orgId),
      name: org.orgName,
      // Campaign groups under a parent organization the user can also see are nested under it.
      parent_id: org.parentOrgId !== null && ids.has(org.parentOrgId) ? String(org.parentOrgId) : null,
      selectable: true,
    }),
  );
}

export function createAppleAdsConnector(options: AppleAdsOptions = {}): Connector {
  const pageSize = options.pageSize ?? 1000;
  const now = options.now ?? Date.now;

  return defineConnector({
    id: 'apple_ads',
    auth: { kind: 'apple_ads_key_pair' },
    streams: Object.values(APPLE_STREAMS),
    // Installs are attributed for up to a week after the tap.
    lookbackDays: 7,
    authenticate: (input) => appleTokenSource(input),
    listAccounts: listOrganizations,
    async *extract(context, account, range, wanted) {
      const levels = CAMPAIGN_LEVELS.filter((level) => wanted.has(STREAM_OF[level]));
      const http = httpFor(context, PROVIDER, readAppleError);
      const orgId = account.identifier;
      const org = (await acls(http, context.endpoints.appleAds)).find((o) => String(o.orgId) === orgId);
      if (!org) {
        throw new ProviderError(
          'provider',
          `The API user has no access to organization ${orgId}.`,
          403,
          PROVIDER,
        );
      }
      // Days beyond Apple's DAILY reach cannot be read; the rest of the range can.
      const earliest = addDays(utcDay(now()), -(APPLE_DAILY_DAYS - 1));
      const from = range.from > earliest ? range.from : earliest;
      if (from > range.to) return;
      const base = `${context.endpoints.appleAds}/api/${APPLE_ADS_API_VERSION}/reports/campaigns`;
      const report = (url: string, level: Level, window: { from: string; to: string }) =>
        reportPages(http, { url, orgId, level, window, pageSize });
      const rowsOf = (level: Level, campaignId: string, rows: AppleReportRow[]) =>
        rows.flatMap((row) => {
          const dimensions = dimensionsOf(level, campaignId, row.metadata);
          return (row.granularity ?? []).map((entry) => ({
            account_id: orgId,
            date: entry.date,
            ...dimensions,
            ...metricsOf(entry, org.currency),
          }));
        });

      for (const window of windows({ from, to: range.to }, APPLE_DAILY_DAYS)) {
        // The campaigns report also names the campaigns with activity in the window: the ones
        // whose ad group, keyword and search term reports have rows. The other levels read it for that.
        const campaignIds: string[] = [];
        for await (const rows of report(base, 'campaigns', window)) {
          for (const row of rows) campaignIds.push(String(row.metadata.campaignId));
          const batch = wanted.has(STREAM_OF.campaigns) ? rowsOf('campaigns', '', rows) : [];
          if (batch.length > 0) yield { stream: STREAM_OF.campaigns, rows: batch };
        }
        for (const campaignId of campaignIds) {
          for (const level of levels) {
            try {
              for await (const rows of report(`${base}/${campaignId}/${level}`, level, window)) {
                const batch = rowsOf(level, campaignId, rows);
                if (batch.length > 0) yield { stream: STREAM_OF[level], rows: batch };
              }
            } catch (error) {
              if (hasNoKeywords(error)) continue;
              throw error;
            }
          }
        }
      }
    },
  });
}

export const appleAdsConnector = createAppleAdsConnector();

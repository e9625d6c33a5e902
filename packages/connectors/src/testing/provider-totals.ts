// What each sandbox ad provider's own reporting API says an account spent, got clicked and
// converted per day, read over HTTP with the connection's stored credentials: Google Ads at the
// customer level (GAQL `FROM customer`), Meta at the ad account level (Insights `level=account`),
// Apple Ads' campaign report summed per day (Apple has no account-level report), and Microsoft
// Advertising's campaign performance report (its Submit/Poll/download flow, through the
// connector's own reader of the zipped CSV). Money in the currency's minor units. Shared by the
// server's reconciliation tests and the e2e money journey.
import { connectorContext } from '../core/context';
import type { ProviderClients, ProviderEndpoints } from '../core/endpoints';
import { decimalToMicros } from '../core/money';
import type { AccountRef, Credentials } from '../core/types';
import { connectorFor } from '../registry';
import { GOOGLE_ADS_API_VERSION } from '../services/google-ads';
import { META_GRAPH_VERSION } from '../services/meta-ads';
import { APPLE_ADS_API_VERSION } from '../core/api-versions';

export type DayTotals = { spendMinor: number; clicks: number; conversions: number };
/** Per day (YYYY-MM-DD), in the account's currency. */
export type AccountTotals = { currency: string; days: Map<string, DayTotals> };
export type Range = { from: string; to: string };

export type ProviderAccount = {
  service: string;
  account: AccountRef;
  credentials: Credentials;
};

/**
 * Where the providers answer, and the two rules of the data model the totals follow (the
 * analytics domain owns them: `currencyExponent` and `countsAsMetaConversion` of `@maya/analytics`).
 */
export type Where = {
  endpoints: ProviderEndpoints;
  clients: ProviderClients;
  currencyExponent: (currency: string) => number;
  /** Whether a Meta action type counts as a conversion. */
  countsAsMetaConversion: (actionType: string) => boolean;
};

/** Micros (an integer) in the currency's minor units; they must divide exactly. */
function minor(micros: number, currency: string, where: Where): number {
  const value = micros / 10 ** (6 - where.currencyExponent(currency));
  if (!Number.isInteger(value)) throw new Error(`${micros} micros of ${currency} is not whole minor units`);
  return value;
}

function add(totals: AccountTotals, currency: string, date: string, day: DayTotals): void {
  if (totals.currency !== '' && totals.currency !== currency) {
    throw new Error(`the account reports in ${totals.currency} and ${currency}`);
  }
  totals.currency = currency;
  const sum = totals.days.get(date) ?? { spendMinor: 0, clicks: 0, conversions: 0 };
  totals.days.set(date, {
    spendMinor: sum.spendMinor + day.spendMinor,
    clicks: sum.clicks + day.clicks,
    conversions: sum.conversions + day.conversions,
  });
}

async function json(response: Response): Promise<Record<string, unknown>> {
  const text = await response.text();
  if (!response.ok) throw new Error(`${response.url}: ${response.status} ${text}`);
  return JSON.parse(text) as Record<string, unknown>;
}

export async function providerTotals(
  where: Where,
  target: ProviderAccount,
  range: Range,
): Promise<AccountTotals> {
  const connector = connectorFor(target.service);
  if (!connector) throw new Error(`no connector ${target.service}`);
  const context = connectorContext({
    connector,
    endpoints: where.endpoints,
    clients: where.clients,
    credentials: target.credentials,
  });
  const authorization = async () => {
    if (!context.auth) throw new Error(`${target.service} has no authorization`);
    return context.auth.authorization();
  };
  const totals: AccountTotals = { currency: '', days: new Map() };
  const { identifier } = target.account;
  switch (target.service) {
    case 'google_ads': {
      const url = `${where.endpoints.googleAds}/${GOOGLE_ADS_API_VERSION}/customers/${identifier}/googleAds:search`;
      const query = `SELECT customer.currency_code, segments.date, metrics.cost_micros, metrics.clicks, metrics.conversions
        FROM customer WHERE segments.date BETWEEN '${range.from}' AND '${range.to}'`;
      let pageToken: string | undefined;
      do {
        const body = await json(
          await fetch(url, {
            method: 'POST',
            headers: {
              authorization: await authorization(),
              'content-type': 'application/json',
              'developer-token': where.clients.google?.developerToken ?? '',
              'login-customer-id': target.account.parent_id ?? identifier,
            },
            body: JSON.stringify({ query, ...(pageToken ? { pageToken } : {}) }),
          }),
        );
        type Row = {
          customer: { currencyCode: string };
          segments: { date: string };
          metrics: { costMicros?: string; clicks?: string; conversions?: number };
        };
        for (const row of (body.results ?? []) as Row[]) {
          add(totals, row.customer.currencyCode, row.segments.date, {
            spendMinor: minor(Number(row.metrics.costMicros ?? 0), row.customer.currencyCode, where),
            clicks: Number(row.metrics.clicks ?? 0),
            conversions: row.metrics.conversions ?? 0,
          });
        }
        pageToken = body.nextPageToken as string | undefined;
      } while (pageToken);
      return totals;
    }
    case 'facebook_ads': {
      const url = new URL(`${where.endpoints.metaGraph}/${META_GRAPH_VERSION}/${identifier}/insights`);
      url.searchParams.set('level', 'account');
      url.searchParams.set('fields', 'account_currency,spend,clicks,actions');
      url.searchParams.set('time_range', JSON.stringify({ since: range.from, until: range.to }));
      url.searchParams.set('time_increment', '1');
      type Day = {
        date_start: string;
        account_currency: string;
        spend: string;
        clicks: string;
        actions?: { action_type: string; value: string }[];
      };
      for (let next: string | null = url.toString(); next;) {
        const body = await json(await fetch(next, { headers: { authorization: await authorization() } }));
        for (const day of body.data as Day[]) {
          add(totals, day.account_currency, day.date_start, {
            spendMinor: minor(decimalToMicros(day.spend), day.account_currency, where),
            clicks: Number(day.clicks),
            conversions: (day.actions ?? [])
              .filter((a) => where.countsAsMetaConversion(a.action_type))
              .reduce((sum, a) => sum + Number(a.value), 0),
          });
        }
        next = (body.paging as { next?: string } | undefined)?.next ?? null;
      }
      return totals;
    }
    case 'apple_ads': {
      // The account's campaigns, then their campaign report, as Apple's API answers them.
      const v1 = `${where.endpoints.appleAds}/${APPLE_ADS_API_VERSION}`;
      const headers = async () => ({
        authorization: await authorization(),
        'content-type': 'application/json',
        'X-AP-Context': `adAccountId=${identifier}`,
      });
      const campaigns = await json(
        await fetch(`${v1}/campaigns/query`, {
          method: 'POST',
          headers: await headers(),
          body: JSON.stringify({ pagination: { offset: 0, pageSize: 5000, fetchTotalCount: true } }),
        }),
      );
      const ids = (campaigns.result as { id: number }[]).map((c) => String(c.id));
      const answer = await json(
        await fetch(`${v1}/reports/apps/campaigns/query`, {
          method: 'POST',
          headers: await headers(),
          body: JSON.stringify({
            timeRange: { start: range.from, end: range.to, timeZone: 'ORTZ', granularity: 'DAILY' },
            filters: [{ field: 'campaignId', operator: 'IN', value: ids }],
            pagination: { offset: 0, pageSize: 5000 },
          }),
        }),
      );
      type Granule = {
        date: string;
        taps: number;
        totalInstalls: number;
        localSpend: { amount: string; currency: string };
      };
      const result = answer.result as { rows: { granularMetrics: Granule[] }[] };
      for (const row of result.rows) {
        for (const day of row.granularMetrics) {
          add(totals, day.localSpend.currency, day.date, {
            spendMinor: minor(decimalToMicros(day.localSpend.amount), day.localSpend.currency, where),
            clicks: day.taps,
            conversions: day.totalInstalls,
          });
        }
      }
      return totals;
    }
    case 'microsoft_ads': {
      for await (const batch of connector.extract(context, target.account, range, ['campaigns'])) {
        for (const row of batch.rows) {
          add(totals, String(row.currency), String(row.date), {
            spendMinor: minor(Number(row.cost_micros), String(row.currency), where),
            clicks: Number(row.clicks),
            conversions: Number(row.conversions),
          });
        }
      }
      return totals;
    }
    default:
      throw new Error(`no provider totals for ${target.service}`);
  }
}

// Issue 23's done-when journey: a new user signs up, creates an organization, finds the empty
// dashboard's way to Sources, connects sandbox Google Ads and Meta accounts in euros, pounds and
// yen, watches their first loads, and reads -maya's spend in the organization's currency (US
// dollars, the default). The expected figure is computed here without the product: each
// account's spend per day from the provider's own reporting API (read with a grant of our own),
// converted at that day's rate of the sandbox ECB portal (decision 181); it must match to the cent.
import {
  connectorContext,
  connectorFor,
  sandboxClients,
  sandboxEndpoints,
  type AccountRef,
  type Credentials,
} from '@maya/connectors';
import {
  convertedTotal,
  providerTotals,
  publishedRates,
  ratesFrom,
  sandboxCredentials,
  type DailySpend,
  type Where,
} from '@maya/connectors/testing';
import { countsAsMetaConversion, currencyExponent } from '@maya/analytics';
import { describe, expect } from 'vitest';
import { DashboardPage } from '../pages/DashboardPage';
import { DataLoadPage } from '../pages/DataLoadPage';
import { FirstLoadPanel } from '../pages/FirstLoadPanel';
import { SignUpPage } from '../pages/SignUpPage';
import { SourcesPages } from '../pages/SourcesPages';
import { uniqueEmail } from '../support/api';
import { test } from '../support/browser';

/** Few accounts, three currencies, none of them the organization's. */
const CONNECTED = [
  { service: 'google_ads', card: 'Google Ads', accounts: ['Acme Outdoor Germany'] },
  { service: 'facebook_ads', card: 'Meta Ads', accounts: ['Acme Retail UK', 'Trailfox Japan'] },
] as const;
/**
 * The accounts' first loads (one account after another) on a two-core
 * machine that other builds share, and the demo organization's loads beside them.
 */
const LOADS_TIMEOUT_MS = 480_000;

/** Each connected account as the provider lists it to a grant of our own, with that grant. */
async function ourGrant(baseUrl: string, service: string, email: string, names: readonly string[]) {
  const credentials: Credentials = await sandboxCredentials(baseUrl, service, email);
  const connector = connectorFor(service);
  if (!connector) throw new Error(`no connector ${service}`);
  const context = connectorContext({
    connector,
    endpoints: sandboxEndpoints(baseUrl),
    clients: sandboxClients(),
    credentials,
  });
  const listed = await connector.listAccounts(context);
  return names.map((name) => {
    const found = listed.find((a) => a.name === name && a.selectable);
    if (!found) throw new Error(`${service} lists no account ${name}`);
    const account: AccountRef = { identifier: found.identifier, parent_id: found.parent_id, metadata: {} };
    return { service, account, credentials };
  });
}

/** The spend the report must show over `range`, in `currency`, from the providers and the rates. */
async function independentTotal(
  baseUrl: string,
  email: string,
  range: { from: string; to: string },
  currency: string,
) {
  const where: Where = {
    endpoints: sandboxEndpoints(baseUrl),
    clients: sandboxClients(),
    currencyExponent,
    countsAsMetaConversion,
  };
  const spent: DailySpend[] = [];
  for (const { service, accounts } of CONNECTED) {
    for (const target of await ourGrant(baseUrl, service, email, accounts)) {
      const totals = await providerTotals(where, target, range);
      const toMicros = 10 ** (6 - currencyExponent(totals.currency));
      spent.push({
        currency: totals.currency,
        micros: new Map([...totals.days].map(([day, d]) => [day, d.spendMinor * toMicros])),
      });
    }
  }
  const rates = await publishedRates(where.endpoints.ecbData, ratesFrom(range.from), range.to);
  return { total: convertedTotal(spent, currency, rates), currencies: new Set(spent.map((s) => s.currency)) };
}

/** '$12,345.67' in cents. */
function cents(shown: string): number {
  const match = /^\$([\d,]+)\.(\d{2})$/.exec(shown);
  if (match === null) throw new Error(`"${shown}" is not an amount in US dollars`);
  return Number(`${(match[1] ?? '').replaceAll(',', '')}${match[2] ?? ''}`);
}

describe('money in one currency, from sign-up to the report', () => {
  test(
    'a new user connects Google Ads and Meta accounts in three currencies and reads the spend in US dollars, to the cent',
    { timeout: LOADS_TIMEOUT_MS + 180_000 },
    async ({ page, baseUrl }) => {
      const email = uniqueEmail('money-journey');
      const signUp = new SignUpPage(page);
      await signUp.signUpAndVerify(baseUrl, {
        firstName: 'Mary',
        lastName: 'Somerville',
        email,
        password: 'connexion of the sciences',
        company: 'Somerville Travel',
      });
      await signUp.createOrganization('Somerville Travel');
      await page.waitForURL(
        /\/organization\/somerville-travel\/settings\/destinations\?refresh_destinations/,
      );

      // The landing: the organization's own report, empty, leading to Sources.
      await page.goto('/');
      await page.waitForURL(/\/organization\/somerville-travel\/dashboard\/-maya$/);
      const firstLoad = new FirstLoadPanel(page);
      await firstLoad.noSourceTitle.waitFor();
      await firstLoad.connectSource.click();
      await page.waitForURL(/\/organization\/somerville-travel\/sources$/);

      const sources = new SourcesPages(page, 'somerville-travel');
      for (const { card, accounts } of CONNECTED) await sources.connectAccounts(card, email, accounts);

      // The loads: the sources list follows each account to its end, the Data Load history
      // keeps each first load.
      await sources.openList();
      for (const { card, accounts } of CONNECTED) {
        await sources.expand(card);
        for (const account of accounts) {
          await sources
            .accountRow(account)
            .getByText('Finished')
            .first()
            .waitFor({ timeout: LOADS_TIMEOUT_MS });
        }
      }
      const dataLoad = new DataLoadPage(page, 'somerville-travel');
      await dataLoad.open();
      for (const { card, accounts } of CONNECTED) {
        for (const account of accounts) {
          await dataLoad.firstLoadRow(card, account).filter({ hasText: 'Finished' }).first().waitFor();
        }
      }

      // The landing again: now the report, its spend in US dollars.
      await page.goto('/');
      await page.waitForURL(/\/organization\/somerville-travel\/dashboard\/-maya$/);
      const dashboard = new DashboardPage(page, 'somerville-travel');
      await dashboard.title('Marketing Performance').waitFor();
      const spend = await dashboard.kpiInFull('Spend');

      const expected = await independentTotal(baseUrl, email, spend, 'USD');
      expect([...expected.currencies].sort()).toEqual(['EUR', 'GBP', 'JPY']);
      expect(cents(spend.value)).toBe(Math.round(expected.total * 100));
    },
  );
});

import { describe, expect } from 'vitest';
import {
  createOrganization,
  createVerifiedUser,
  setSandboxFaults,
  signInBrowser,
  uniqueEmail,
} from '../support/api';
import { test } from '../support/browser';
import { DataLoadPage } from '../pages/DataLoadPage';
import { SourcesPages } from '../pages/SourcesPages';

/**
 * An account no other journey connects: the provider fault below is armed for its requests alone
 * (`path`), so journeys that run beside this one load as usual.
 */
const ACCOUNT = { name: 'Trailfox Gear', customerPath: '/customers/8123940567/' };

describe('loading data', () => {
  test('Load data now loads a Google Ads account; a provider fault fails the next run, keeps the data and notifies', async ({
    page,
    baseUrl,
  }) => {
    const email = uniqueEmail('data-load');
    const token = await createVerifiedUser(baseUrl, email);
    const organization = await createOrganization(baseUrl, token, 'Data Load Journey');
    await signInBrowser(page, email);
    const sources = new SourcesPages(page, organization.slug);
    const dataLoad = new DataLoadPage(page, organization.slug);

    // Connect one sandbox Google Ads account. Its first load (the recent 90 days, then the rest
    // of the history behind them) runs on its own; the list follows it to the end, so that the
    // rows counted below are the whole history's.
    await sources.connectGoogleAdsAndLoad(email, ACCOUNT.name, 180_000);
    await sources.historyComplete(ACCOUNT.name, 180_000);

    // Load data now: the progress reaches 100%, the history shows the run finished.
    await dataLoad.open();
    await dataLoad.loadNowUntil('Finished');
    const loaded = dataLoad.loadedRow('Marketing performance');
    await loaded.waitFor();
    const before = await loaded.innerText();
    expect(before).toMatch(/\d/);

    await sources.openList();
    await sources.expand('Google Ads');
    await sources.accountRow(ACCOUNT.name).getByText('Finished').first().waitFor();

    // The provider refuses: the run fails with its message, the account too; the data stays.
    await setSandboxFaults(baseUrl, 'google-ads', [
      { kind: 'provider_error', message: 'Customer not enabled', times: -1, path: ACCOUNT.customerPath },
    ]);
    try {
      await dataLoad.open();
      await dataLoad.loadNowUntil('Failed');
      await dataLoad.historyRows('Failed').filter({ hasText: 'Customer not enabled' }).first().waitFor();
    } finally {
      await setSandboxFaults(baseUrl, 'google-ads', null);
    }
    expect(await dataLoad.loadedRow('Marketing performance').innerText()).toBe(before);

    await sources.openList();
    await sources.expand('Google Ads');
    const account = sources.accountRow(ACCOUNT.name);
    await account.getByText('Customer not enabled').first().waitFor();

    // The organization is told.
    await page.goto(`/organization/${organization.slug}/notifications`);
    await page.getByText('Data load failed').first().waitFor();
    await page
      .getByText(new RegExp(`${ACCOUNT.name}: Customer not enabled`))
      .first()
      .waitFor();
  }, 300_000); // a first load, then two runs, on a two-core machine
});

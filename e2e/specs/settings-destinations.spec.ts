import { createScratchDatabase, type ScratchDatabase } from '@maya/embedded-postgres/testing';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { createOrganization, createVerifiedUser, signInBrowser, uniqueEmail } from '../support/api';
import { test } from '../support/browser';

/**
 * A database of the test run's embedded PostgreSQL (as the warehouse tests use it) stands in for
 * a customer's database: the wizard's check connects to it for real.
 */
let scratch: ScratchDatabase | null = null;
beforeAll(async () => {
  scratch = await createScratchDatabase('maya_destination_e2e');
});
afterAll(async () => {
  await scratch?.drop();
});

function customerDatabase() {
  if (!scratch) throw new Error('the scratch database is created in beforeAll');
  const url = new URL(scratch.url);
  return {
    host: url.hostname,
    port: url.port,
    database: scratch.name,
    user: decodeURIComponent(url.username),
    password: decodeURIComponent(url.password),
  };
}

describe('choosing a destination', () => {
  test('a PostgreSQL destination is checked by connecting, saved on Finish, and shown with Modify', async ({
    page,
    baseUrl,
  }) => {
    const DATABASE = customerDatabase();
    const email = uniqueEmail('destinations');
    const token = await createVerifiedUser(baseUrl, email);
    const organization = await createOrganization(baseUrl, token, 'Destinations Journey');
    await signInBrowser(page, email);

    await page.goto(`/organization/${organization.slug}/settings/destinations`);
    await page.getByRole('button', { name: 'Modify' }).click();
    await page.getByRole('radio', { name: 'PostgreSQL' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();

    // Step 2: each field must match its pattern.
    const host = page.getByRole('textbox', { name: 'Host' });
    await host.fill('https://db');
    await host.blur();
    await page.getByText('Match the following format').first().waitFor();
    expect(await page.getByRole('button', { name: 'Continue' }).isDisabled()).toBe(true);
    await host.fill(DATABASE.host);
    await page.getByRole('textbox', { name: 'Port' }).fill('1'); // nothing listens there
    await page.getByRole('textbox', { name: 'Database' }).fill(DATABASE.database);
    await page.getByRole('textbox', { name: 'User' }).fill(DATABASE.user);
    await page.locator('input[type="password"]').fill(DATABASE.password);
    await page.getByLabel('SSL').first().click();
    await page.getByRole('option', { name: /disable/ }).click();
    await page.getByRole('button', { name: 'Continue' }).click();

    // Step 3: the location defaults to eu; Finish checks the database by connecting.
    await page.getByRole('button', { name: 'Finish' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: /refused|could not|reach/i })
      .first()
      .waitFor();
    expect(new URL(page.url()).pathname).toMatch(/\/settings\/destinations$/);

    await page.getByRole('button', { name: 'Back' }).click();
    await page.getByRole('textbox', { name: 'Port' }).fill(DATABASE.port);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: 'Finish' }).click();
    await page.waitForURL(/\/sources$/);

    await page.goto(`/organization/${organization.slug}/settings/destinations`);
    await page.getByText('PostgreSQL', { exact: true }).first().waitFor();
    await page.getByRole('button', { name: 'Modify' }).waitFor();
  });
});

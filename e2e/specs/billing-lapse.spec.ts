import { describe, expect } from 'vitest';
import { createOrganization, createVerifiedUser, signInBrowser, uniqueEmail } from '../support/api';
import { test } from '../support/browser';
import { screenshots } from '../support/screenshots';

const ETL_EXPIRED_MESSAGE =
  'Your plan has expired, so your data is no longer updated. Choose a plan to load data again.';

describe('a plan canceled through the local portal', () => {
  test('stops the loads: the dashboard warns, the banner says so, Load data now is refused with the reason', async ({
    page,
    baseUrl,
  }) => {
    const email = uniqueEmail('lapse');
    const token = await createVerifiedUser(baseUrl, email);
    const organization = await createOrganization(baseUrl, token, 'Lapsed Plan');
    const saved = await fetch(`${baseUrl}/api/billing/details`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({
        organization_id: organization.id,
        companyName: 'Lapse Ltd',
        countryCode: 'ie',
        addressLine1: '1 Main Street',
        postalCode: 'D01',
        city: 'Dublin',
      }),
    });
    expect(saved.status, await saved.text()).toBe(200);
    await signInBrowser(page, email);
    const at = (path: string) => `/organization/${organization.slug}/${path}`;

    // Bought, then canceled in the provider's portal.
    await page.goto(at('billing/checkout?product=starter&annual=true'));
    await page.getByRole('button', { name: 'Pay now' }).click();
    await page.getByRole('heading', { name: 'Thank you for your order!' }).waitFor();
    await page.goto(at('billing/portal'));
    await page.getByRole('button', { name: 'Cancel subscription' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/api/'));

    // The shell asks the entitlements once it has started: the banner follows their answer.
    const entitlements = page.waitForResponse((response) => response.url().includes('/api/entitlements'));
    await page.goto(at('dashboard/-maya'));
    expect((await entitlements).status()).toBe(200);
    await page
      .getByRole('alert')
      .filter({ hasText: 'Your subscription is not active.' })
      .getByRole('link', { name: 'Choose a plan' })
      .waitFor();
    const warning = page.getByRole('alert').filter({ hasText: 'Your data is no longer updated' });
    await warning.getByRole('link', { name: 'See plans' }).waitFor();
    await screenshots(page, 'billing', 'lapsed-dashboard');

    await page.goto(at('data-load'));
    // The schedule skips the organization: nothing is due.
    await page.getByText('Not scheduled').waitFor();
    await page.getByRole('button', { name: 'Load data now' }).click();
    await page.getByText(ETL_EXPIRED_MESSAGE).waitFor();
    await screenshots(page, 'billing', 'lapsed-data-load');
  });
});

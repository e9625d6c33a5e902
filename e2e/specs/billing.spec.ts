import { describe, expect } from 'vitest';
import { createOrganization, createVerifiedUser, invite, signInBrowser, uniqueEmail } from '../support/api';
import { test } from '../support/browser';
import { screenshots } from '../support/screenshots';

describe('billing with the local provider', () => {
  test('buys a plan past the trial, through billing details, and unlocks another seat; cancels another order', async ({
    page,
    baseUrl,
  }) => {
    const email = uniqueEmail('buyer');
    const token = await createVerifiedUser(baseUrl, email);
    const organization = await createOrganization(baseUrl, token, 'Billing Journey');
    // The trial's three seats: the owner and two invitations.
    await invite(baseUrl, token, organization.id, uniqueEmail('first'));
    await invite(baseUrl, token, organization.id, uniqueEmail('second'));
    await signInBrowser(page, email);
    const at = (path: string) => `/organization/${organization.slug}/${path}`;

    await page.goto(at('settings/members'));
    // The shell's banner, from the trial's entitlements (spec 002 §4).
    const banner = page.getByRole('status').filter({ hasText: 'You are on free trial' });
    await banner.getByText('14 days left.').waitFor();
    await screenshots(page, 'billing', 'trial-banner');
    await page.getByRole('link', { name: 'Upgrade plan to add more users' }).click();
    await page.waitForURL(/\/billing\/products$/);
    await page.getByRole('heading', { name: 'Subscription plans' }).waitFor();
    await page.getByRole('heading', { name: 'One-time payments' }).waitFor();
    await page.getByText('€468.00').waitFor();
    await screenshots(page, 'billing', 'products');
    await page.getByText('Monthly').click();
    await page.getByText('€49.00').waitFor();
    await page.getByText('Annual').click();

    const starter = page
      .locator('.mantine-Card-root')
      .filter({ has: page.getByRole('heading', { name: 'Starter' }) });
    await starter.getByRole('link', { name: 'Choose plan' }).click();
    // No billing details yet: the order's first step, with the spec's message.
    await page.getByText('Please specify billing details before proceeding to checkout.').waitFor();
    await page.getByRole('heading', { name: 'Subscription Order' }).waitFor();
    await page.getByLabel('Company name').fill('Acme GmbH');
    await page.getByLabel('Address line 1').fill('Hauptstraße 1');
    await page.getByLabel('City').fill('Berlin');
    await page.getByLabel('Postal code').fill('10115');
    await page.getByLabel('VAT number').fill('123');
    await page.getByRole('button', { name: 'Proceed to payment' }).click();
    await page.getByText('Invalid VAT number: Must be two characters followed by numbers').waitFor();
    await page.getByLabel('VAT number').fill('DE123456789');
    await screenshots(page, 'billing', 'details-order');
    await page.getByRole('button', { name: 'Proceed to payment' }).click();

    await page.getByRole('heading', { name: 'Checkout' }).waitFor();
    await page.getByText('Starter').waitFor();
    await screenshots(page, 'billing', 'local-checkout');
    await page.getByRole('button', { name: 'Pay now' }).click();
    await page.getByRole('heading', { name: 'Thank you for your order!' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/checkout-success');
    await screenshots(page, 'billing', 'checkout-success');

    // The gated feature is unlocked: a fourth seat.
    await page.goto(at('settings/members'));
    const form = page.getByRole('form', { name: 'Invite' });
    const third = uniqueEmail('third');
    await form.getByLabel('Email').fill(third);
    await form.getByRole('button', { name: 'Invite' }).click();
    await page.getByText(third).waitFor();
    expect(await banner.count()).toBe(0);
    await page.goto(at('billing/products'));
    await starter.getByRole('button', { name: 'Purchased' }).waitFor();

    // Details complete: auto_checkout goes straight on; the page's Cancel returns to the sources.
    await page.goto(at('billing/details?checkout=1&auto_checkout=1&product=growth&annual=false'));
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL(/\/sources/);
    expect(new URL(page.url()).pathname).toMatch(/^\/organization\/[^/]+\/sources/);
  });
});

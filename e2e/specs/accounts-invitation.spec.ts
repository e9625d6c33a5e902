import { describe, expect } from 'vitest';
import { SignUpPage } from '../pages/SignUpPage';
import { createOrganization, createVerifiedUser, invite, mailLink, uniqueEmail } from '../support/api';
import { test } from '../support/browser';

describe('an invitation', () => {
  test('a logged-out visitor signs up with the invited e-mail and ends in the organization', async ({
    page,
    baseUrl,
  }) => {
    const admin = await createVerifiedUser(baseUrl, uniqueEmail('inviter'));
    const organization = await createOrganization(baseUrl, admin, 'Invite Journey');
    const guest = uniqueEmail('guest');
    const link = new URL(await invite(baseUrl, admin, organization.id, guest));

    await page.goto(`${link.pathname}${link.search}`);
    await page.waitForURL(/\/sign-up\?/);
    expect(new URL(page.url()).searchParams.get('email')).toBe(guest);

    const signUp = new SignUpPage(page);
    await signUp.accountStep({ firstName: 'Guest', lastName: 'Person', password: 'invited and happy 7' });
    await signUp.companyStep({ company: 'Guest Co', position: 'CMO' });
    await signUp.termsStep();
    await page.waitForURL(/\/verify-email\?/);

    // The verification signs the guest in and brings them back to the remembered invitation,
    // which is accepted: they land on the organization's sources.
    await page.goto(await mailLink(baseUrl, guest, /Verify your e-mail/));
    await page.waitForURL(new RegExp(`/organization/${organization.slug}/sources$`));
  });
});

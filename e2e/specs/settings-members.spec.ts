import { describe, expect } from 'vitest';
import { createOrganization, createVerifiedUser, mailLink, signInBrowser, uniqueEmail } from '../support/api';
import { test } from '../support/browser';

describe('the members tab', () => {
  test('an admin invites by e-mail, sees the invitation pending and deletes it', async ({
    page,
    baseUrl,
  }) => {
    const email = uniqueEmail('admin');
    const token = await createVerifiedUser(baseUrl, email);
    const organization = await createOrganization(baseUrl, token, 'Members Journey');
    await signInBrowser(page, email);

    await page.goto(`/organization/${organization.slug}/settings/members`);
    const invitee = uniqueEmail('teammate');
    const form = page.getByRole('form', { name: 'Invite' });
    await form.getByLabel('Email').fill('not-an-email');
    await form.getByRole('button', { name: 'Invite' }).click();
    await page.getByText('Please enter a valid email address').waitFor();

    await form.getByLabel('Email').fill(invitee);
    await form.getByRole('button', { name: 'Invite' }).click();
    await page.getByText(invitee).waitFor();
    expect(new URL(await mailLink(baseUrl, invitee, /invited/)).pathname).toMatch(/\/invite\//);

    const row = page.getByText(invitee);
    await row.hover();
    await page.getByRole('button', { name: `Delete the invitation for ${invitee}` }).click();
    await page
      .getByRole('dialog', { name: 'Delete invitation' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await row.waitFor({ state: 'detached' });
  });
});

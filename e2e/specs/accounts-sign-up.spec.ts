import { describe, expect } from 'vitest';
import { SignUpPage } from '../pages/SignUpPage';
import { mailLink, uniqueEmail } from '../support/api';
import { test } from '../support/browser';

describe('a new user', () => {
  test('signs up in three steps, verifies from the mailbox, creates an organization and lands in it', async ({
    page,
    baseUrl,
  }) => {
    const email = uniqueEmail('newcomer');
    const signUp = new SignUpPage(page);
    await signUp.goto();
    await signUp.accountStep({
      firstName: 'Grace',
      lastName: 'Hopper',
      email,
      password: 'compilers are fun 1952',
    });
    await signUp.companyStep({ company: 'Cobol Works', position: 'CEO' });
    await signUp.termsStep();

    await page.waitForURL(/\/verify-email\?/);
    expect(new URL(page.url()).searchParams.get('email')).toBe(email);

    await page.goto(await mailLink(baseUrl, email, /Verify your e-mail/));
    await page.waitForURL(/\/create-organization$/);
    await page.getByLabel('Organization name').fill('Cobol Works');
    await page.getByRole('button', { name: 'Continue' }).click();

    // spec 000 §2: Continue goes to / with the destinations flag, which opens destinations.
    await page.waitForURL(/\/organization\/cobol-works\/settings\/destinations\?refresh_destinations/);
    await page.goto('/');
    await page.waitForURL(/\/organization\/cobol-works\/dashboard\/-maya$/);
    await expect.poll(() => page.getByText('Cobol Works').first().isVisible()).toBe(true);
  });
});

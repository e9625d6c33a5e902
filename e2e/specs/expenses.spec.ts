// Manual expenses (issue 26, "Done when"): add, edit and delete an expense and see -maya's
// marketing cost change by exactly its amount, beside the ad spend a real load brought; the
// form's validation in the spec's words; the list and form looked at in both widths.
import { describe, expect } from 'vitest';
import { createOrganization, createVerifiedUser, signInBrowser, uniqueEmail } from '../support/api';
import { expectAccessible } from '../support/accessibility';
import { test } from '../support/browser';
import { screenshots } from '../support/screenshots';
import { DashboardPage } from '../pages/DashboardPage';
import { ExpensesPages } from '../pages/ExpensesPages';
import { SourcesPages } from '../pages/SourcesPages';

/** A first load of two years of one sandbox Google Ads account on a two-core machine. */
const LOAD_TIMEOUT_MS = 240_000;

/** "$12,345.67" → 1234567: an amount in cents, exactly. */
function cents(text: string): number {
  const match = /^\D*([\d,]+)(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (match === null) throw new Error(`not an amount: "${text}"`);
  return Number((match[1] ?? '').replace(/,/g, '')) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

describe('manual expenses', () => {
  test('add, edit and delete an expense: the marketing cost moves by exactly its amount', async ({
    page,
    baseUrl,
  }) => {
    const email = uniqueEmail('expenses');
    const token = await createVerifiedUser(baseUrl, email);
    const organization = await createOrganization(baseUrl, token, 'Expenses Journey');
    await signInBrowser(page, email);
    await new SourcesPages(page, organization.slug).connectGoogleAdsAndLoad(
      email,
      'Acme Outdoor Germany',
      LOAD_TIMEOUT_MS,
    );
    await page.setViewportSize({ width: 1440, height: 900 });
    const dashboard = new DashboardPage(page, organization.slug);
    const expenses = new ExpensesPages(page, organization.slug);

    /** -maya's marketing cost and spend over its default period, in cents, and that period. */
    const costs = async () => {
      await dashboard.open('-maya');
      const cost = await dashboard.kpiInFull('Marketing cost');
      const spend = await dashboard.kpiInFull('Spend');
      return { cost: cents(cost.value), spend: cents(spend.value), from: cost.from, to: cost.to };
    };
    const before = await costs();
    // With no expenses, the marketing cost is the ad spend.
    expect(before.cost).toBe(before.spend);

    await expenses.openList();
    await screenshots(page, 'expenses', 'list-empty');
    await expenses.addExpense();
    // Every rule in the spec's words, and nothing saved.
    await expenses.fill({ amount: 'twelve', description: 'x'.repeat(51) });
    await page.getByRole('button', { name: 'Save' }).click();
    await expenses.fieldError('Invalid amount').waitFor();
    await expenses.fieldError('Description too long').waitFor();
    expect(await expenses.fieldError('Required').count()).toBe(2);
    await expectAccessible(page);

    await expenses.fill({
      paymentDate: before.to,
      amount: '1,234.56',
      category: 'People',
      subcategory: 'Agency',
      description: 'Agency retainer for the autumn campaign',
    });
    await screenshots(page, 'expenses', 'form');
    await expenses.save();
    const day = before.to.split('-').reverse().join('/');
    expect(await expenses.rows()).toEqual([
      [day, '$1,234.56', 'People Agency', 'Yes', 'Agency retainer for ...', ''],
    ]);
    await screenshots(page, 'expenses', 'list');
    const added = await costs();
    expect([added.from, added.to]).toEqual([before.from, before.to]);
    expect(added.spend).toBe(before.spend);
    expect(added.cost - before.cost).toBe(123_456);

    await expenses.openList();
    await expenses.edit(/^Edit \$1,234\.56 of /);
    await expenses.fill({ amount: '2000' });
    await expenses.save();
    expect((await costs()).cost - before.cost).toBe(200_000);

    await expenses.openList();
    await expenses.remove(/^Delete \$2,000\.00 of /);
    await page.getByText('No expenses yet').waitFor();
    expect((await costs()).cost).toBe(before.cost);
  }, 600_000); // a first load, then three saves and four openings of -maya
});

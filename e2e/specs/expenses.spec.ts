// Manual expenses (issue 26, "Done when"): add, edit and delete an expense and see -maya's
// marketing cost change by exactly its amount; the form's validation in the spec's words; the
// list and form looked at in both widths. The organization has no ad account: its first expense
// makes its workspace, and a second one moves the total from there.
import { describe, expect } from 'vitest';
import { createOrganization, createVerifiedUser, signInBrowser, uniqueEmail } from '../support/api';
import { expectAccessible } from '../support/accessibility';
import { test } from '../support/browser';
import { screenshots } from '../support/screenshots';
import { DashboardPage } from '../pages/DashboardPage';
import { ExpensesPages } from '../pages/ExpensesPages';

/** "$12,345.67" → 1234567: an amount in cents, exactly. */
function cents(text: string): number {
  const match = /^\D*([\d,]+)(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (match === null) throw new Error(`not an amount: "${text}"`);
  return Number((match[1] ?? '').replace(/,/g, '')) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** A day well inside -maya's default period (the last 30 days), as `YYYY-MM-DD`. */
function daysAgo(days: number): string {
  return new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
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
    await page.setViewportSize({ width: 1440, height: 900 });
    const dashboard = new DashboardPage(page, organization.slug);
    const expenses = new ExpensesPages(page, organization.slug);
    const marketingCost = async () => {
      await dashboard.open('-maya');
      return cents(await dashboard.kpiValue('Marketing cost'));
    };

    await expenses.openList();
    await screenshots(page, 'expenses', 'list-empty');
    await expenses.addExpense();
    // Days read and are typed DD/MM/YYYY, as everywhere in the app, whatever the browser's language.
    const today = new Date().toISOString().slice(0, 10);
    expect(await page.getByLabel('Payment Date').inputValue()).toBe(today.split('-').reverse().join('/'));
    // Every rule in the spec's words, and nothing saved.
    await expenses.fill({ amount: 'twelve', description: 'x'.repeat(51) });
    await page.getByRole('button', { name: 'Save' }).click();
    await expenses.fieldError('Invalid amount').waitFor();
    await expenses.fieldError('Description too long').waitFor();
    expect(await expenses.fieldError('Required').count()).toBe(2);
    await expectAccessible(page);

    // The first expense: the organization's baseline marketing cost.
    await expenses.fill({
      paymentDate: daysAgo(5),
      amount: '800',
      category: 'Software',
      subcategory: 'Analytics',
      description: 'Analytics licence',
    });
    await expenses.save();
    const before = await marketingCost();
    expect(before).toBe(80_000);

    await expenses.openList();
    await expenses.addExpense();
    await expenses.fill({
      paymentDate: daysAgo(3),
      amount: '1,234.56',
      category: 'People',
      subcategory: 'Agency',
      description: 'Agency retainer for the autumn campaign',
    });
    expect(await page.getByLabel('Payment Date').inputValue()).toBe(
      daysAgo(3).split('-').reverse().join('/'),
    );
    await page.getByRole('button', { name: 'Advanced' }).click();
    await expenses.fillDay('Period Start Date', daysAgo(3));
    await expenses.fillDay('Period End Date', daysAgo(3));
    await screenshots(page, 'expenses', 'form');
    await expenses.save();
    const day = daysAgo(3).split('-').reverse().join('/');
    expect((await expenses.rows())[0]).toEqual([
      `${day} ${day} – ${day}`,
      '$1,234.56',
      'People Agency',
      'YES',
      'Agency retainer for ...',
      '',
    ]);
    await screenshots(page, 'expenses', 'list');
    // On a phone the list fits the screen, each expense's Edit and Delete in view.
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await expenses.fitsWidth()).toBe(true);
    await page.setViewportSize({ width: 1440, height: 900 });
    expect((await marketingCost()) - before).toBe(123_456);
    await screenshots(page, 'expenses', 'dashboard');

    await expenses.openList();
    await expenses.edit(/^Edit \$1,234\.56 of /);
    await expenses.fill({ amount: '2000' });
    await expenses.save();
    expect((await marketingCost()) - before).toBe(200_000);

    await expenses.openList();
    await expenses.remove(/^Delete \$2,000\.00 of /);
    expect(await expenses.rows()).toHaveLength(1);
    expect(await marketingCost()).toBe(before);
  }, 600_000);
});

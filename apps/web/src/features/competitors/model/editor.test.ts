import { IS_BRAND_COLUMN_ID, type ServiceAccount } from '@maya/contracts';
import { describe, expect, it } from 'vitest';
import { initialForm, isComplete, selectableAccounts, toSave } from './editor';

const account = (uuid: string, service: string) => ({ uuid, service, name: uuid }) as ServiceAccount;
const accounts = [
  account('00000000-0000-4000-8000-000000000001', 'google_search_console'),
  account('00000000-0000-4000-8000-000000000002', 'google_ads'),
  account('00000000-0000-4000-8000-000000000003', 'facebook_ads'),
];

describe('the competition report editor', () => {
  it('offers only Search Console and Google Ads accounts', () => {
    expect(selectableAccounts(accounts).map((a) => a.service)).toEqual([
      'google_search_console',
      'google_ads',
    ]);
  });

  it("starts with country 'gr' and the Is Brand column, the value to choose", () => {
    const form = initialForm(null, accounts);
    expect(form).toEqual({ accountUuid: '', countryCode: 'gr', columnId: IS_BRAND_COLUMN_ID, value: '' });
    expect(isComplete(form)).toBe(false);
    expect(initialForm(null, accounts.slice(0, 1)).accountUuid).toBe(accounts[0]?.uuid);
  });

  it('orders by cost for an ads account and by clicks otherwise', () => {
    const form = {
      accountUuid: accounts[1]?.uuid ?? '',
      countryCode: 'gr',
      columnId: IS_BRAND_COLUMN_ID,
      value: 'no',
    };
    expect(isComplete(form)).toBe(true);
    expect(toSave('org', 'id', form, accounts).order_by).toBe('cost');
    expect(toSave('org', 'id', { ...form, accountUuid: accounts[0]?.uuid ?? '' }, accounts).order_by).toBe(
      'clicks',
    );
  });
});

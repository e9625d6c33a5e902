import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../../../test/api';
import { organizationFixture } from '../../../../test/organizationFixtures';
import { acme, renderSettings } from '../../test/settingsFixtures';

const PAGE = '/organization/acme/settings/members';

afterEach(() => vi.restoreAllMocks());

const card = async () => screen.findByRole('region', { name: 'Currency' });

describe('the organization’s currency', () => {
  it('lets an admin choose another currency and saves it', async () => {
    const { calls } = renderSettings(PAGE, {
      routes: {
        [`PATCH /api/organizations/${acme.id}`]: (call) =>
          json(200, { ...acme, currency_id: (call.body as { currency_id: string }).currency_id }),
      },
    });
    const region = await card();
    const save = within(region).getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    await userEvent.click(within(region).getByLabelText('Organization currency'));
    await userEvent.click(await screen.findByRole('option', { name: /EUR · Euro/ }));
    expect(save).toBeEnabled();
    await userEvent.click(save);
    expect(await within(region).findByText('Currency saved')).toBeInTheDocument();
    expect(calls).toContainEqual(
      expect.objectContaining({
        method: 'PATCH',
        path: `/api/organizations/${acme.id}`,
        body: { currency_id: 'EUR' },
      }),
    );
  });

  it('tells a failure and keeps the choice', async () => {
    renderSettings(PAGE, {
      routes: { [`PATCH /api/organizations/${acme.id}`]: () => json(500, { detail: { type: 'internal' } }) },
    });
    const region = await card();
    await userEvent.click(within(region).getByLabelText('Organization currency'));
    await userEvent.click(await screen.findByRole('option', { name: /GBP · Pound sterling/ }));
    await userEvent.click(within(region).getByRole('button', { name: 'Save' }));
    expect(await within(region).findByRole('alert')).toHaveTextContent(
      'The currency could not be saved. Try again.',
    );
    expect(within(region).getByLabelText('Organization currency')).toHaveValue('GBP · Pound sterling (£)');
  });

  it('shows a member the currency, read only', async () => {
    const member = organizationFixture({ slug: 'acme', name: 'Acme', role: 'member', currency_id: 'JPY' });
    renderSettings(PAGE, { organization: member });
    const region = await card();
    expect(within(region).getByText('JPY · Japanese yen (¥)')).toBeInTheDocument();
    expect(within(region).getByText('Only admins can change the currency.')).toBeInTheDocument();
    expect(within(region).queryByRole('button', { name: 'Save' })).toBeNull();
  });
});

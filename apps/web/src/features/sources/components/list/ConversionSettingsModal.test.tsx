import {
  META_ACTION_TYPE_OPTIONS,
  META_DEFAULT_CONVERSION_ACTION_TYPES,
  type ConversionSettings,
} from '@maya/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json } from '../../../../test/api';
import { accountFixture, callsTo, facebookAds, googleAds, renderSources } from '../../test/sourcesFixtures';

const PAGE = '/organization/acme/sources';
const PATH = '/api/services/facebook_ads/conversion_settings';

function settingsFixture(overrides: Partial<ConversionSettings> = {}): ConversionSettings {
  return {
    service: 'facebook_ads',
    options: META_ACTION_TYPE_OPTIONS.map((option) => ({ ...option })),
    default_action_types: [...META_DEFAULT_CONVERSION_ACTION_TYPES],
    action_types: [...META_DEFAULT_CONVERSION_ACTION_TYPES],
    is_default: true,
    can_edit: true,
    ...overrides,
  };
}

describe("Meta Ads' conversion settings", () => {
  it('opens from the Meta Ads row only, and saves the chosen action types', async () => {
    const { calls } = renderSources(PAGE, {
      accounts: () => [accountFixture(facebookAds), accountFixture(googleAds)],
      routes: {
        [`GET ${PATH}`]: () => json(200, settingsFixture()),
        [`PUT ${PATH}`]: (call) =>
          json(
            200,
            settingsFixture({
              action_types: (call.body as { action_types: string[] }).action_types,
              is_default: false,
            }),
          ),
      },
    });
    const advertising = await screen.findByRole('region', { name: 'Advertising' });
    expect(
      within(advertising).queryByRole('button', { name: 'Conversion settings of Google Ads' }),
    ).toBeNull();
    await userEvent.click(
      within(advertising).getByRole('button', { name: 'Conversion settings of Meta Ads' }),
    );

    const dialog = await screen.findByRole('dialog', { name: 'Meta Ads conversions' });
    const purchases = await within(dialog).findByRole('checkbox', { name: /Purchases/ });
    expect(purchases).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: /Custom conversions/ })).toBeChecked();
    const clicks = within(dialog).getByRole('checkbox', { name: /Link clicks/ });
    expect(clicks).not.toBeChecked();
    const save = within(dialog).getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Use defaults' })).toBeDisabled();

    await userEvent.click(clicks);
    await userEvent.click(purchases);
    await userEvent.click(save);
    await waitFor(() => expect(callsTo(calls, 'PUT', PATH)).toHaveLength(1));
    const sent = callsTo(calls, 'PUT', PATH)[0]!.body as { action_types: string[] };
    expect([...sent.action_types].sort()).toEqual(
      [...META_DEFAULT_CONVERSION_ACTION_TYPES.filter((type) => type !== 'purchase'), 'link_click'].sort(),
    );
    expect(
      await within(dialog).findByText('Saved. Conversions follow this choice from the next data load.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Use defaults' })).toBeEnabled();
  });

  it('shows a member what counts without letting them change it', async () => {
    renderSources(PAGE, {
      accounts: () => [accountFixture(facebookAds)],
      routes: { [`GET ${PATH}`]: () => json(200, settingsFixture({ can_edit: false })) },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Conversion settings of Meta Ads' }));
    const dialog = await screen.findByRole('dialog', { name: 'Meta Ads conversions' });
    expect(await within(dialog).findByRole('checkbox', { name: /Purchases/ })).toBeDisabled();
    expect(
      within(dialog).getByText('Only administrators change what counts as a conversion.'),
    ).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Save' })).toBeNull();
  });
});

import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { findSettingsHeading, renderSettings } from '../test/settingsFixtures';

const NOT_FOUND = 'We could not find the page you are looking for.';

describe('settings page', () => {
  it('shows the tabs in order with Members selected', async () => {
    renderSettings('/organization/acme/settings/members');
    await findSettingsHeading();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Members',
      'Developers',
      'Destinations',
      'Bookmarks',
    ]);
    expect(screen.getByRole('tab', { name: 'Members' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('list', { name: 'Members' })).toBeInTheDocument();
  });

  it('sends an unknown tab to the first tab, members', async () => {
    const { router } = renderSettings('/organization/acme/settings/nope');
    await findSettingsHeading();
    await waitFor(() => expect(router.state.location.pathname).toBe('/organization/acme/settings/members'));
    expect(screen.getByRole('tab', { name: 'Members' })).toHaveAttribute('aria-selected', 'true');
  });

  it('sends a category under members to members', async () => {
    const { router } = renderSettings('/organization/acme/settings/members/other');
    await findSettingsHeading();
    await waitFor(() => expect(router.state.location.pathname).toBe('/organization/acme/settings/members'));
  });

  it.each(['Developers'])(
    'navigates to the %s tab, not built yet: not found inside the settings page',
    async (label) => {
      const { router } = renderSettings('/organization/acme/settings/members');
      await findSettingsHeading();
      await userEvent.click(screen.getByRole('tab', { name: label }));
      await waitFor(() =>
        expect(router.state.location.pathname).toBe(`/organization/acme/settings/${label.toLowerCase()}`),
      );
      expect(await screen.findByText(NOT_FOUND)).toBeInTheDocument();
      expect(screen.getByRole('tab', { name: label })).toHaveAttribute('aria-selected', 'true');
      expect(screen.queryByRole('list', { name: 'Members' })).not.toBeInTheDocument();
    },
  );

  it('shows not found for a developers category too, keeping the tabs', async () => {
    renderSettings('/organization/acme/settings/developers/api-key');
    await findSettingsHeading();
    expect(await screen.findByText(NOT_FOUND)).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Developers' })).toHaveAttribute('aria-selected', 'true');
  });
});

import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { developersRoutes, findSettingsHeading, renderSettings } from '../test/settingsFixtures';

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

  it('opens the first tab, members, for settings/ with no tab', async () => {
    const { router } = renderSettings('/organization/acme/settings/');
    await findSettingsHeading();
    await waitFor(() => expect(router.state.location.pathname).toBe('/organization/acme/settings/members'));
  });

  it('navigates to the Developers tab, its first category shown', async () => {
    const { router } = renderSettings('/organization/acme/settings/members', { routes: developersRoutes });
    await findSettingsHeading();
    await userEvent.click(screen.getByRole('tab', { name: 'Developers' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/organization/acme/settings/developers'),
    );
    expect(screen.getByRole('tab', { name: 'Developers' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('tab', { name: 'Shared dataset' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(screen.queryByText(NOT_FOUND)).not.toBeInTheDocument();
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '../../../../test/api';
import {
  appleAds,
  demo,
  featuresFixture,
  ga4Events,
  googleAds,
  googlePlay,
  moosend,
  renderSources,
  searchConsole,
} from '../../test/sourcesFixtures';

const PAGE = '/organization/acme/sources/add';

describe('add source page', () => {
  it('lists the integrations by category, each leading to its connection', async () => {
    renderSources(PAGE);
    const advertising = await screen.findByRole('region', { name: 'Advertising' });
    expect(
      within(advertising)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Google Ads', 'Meta Ads', 'Apple Ads']);
    const href = (name: string) => screen.getByRole('link', { name }).getAttribute('href');
    expect(href('Google Ads')).toBe(`/organization/acme/sources/${googleAds.uuid}/redirect`);
    expect(href('Google Search Console')).toBe(`/organization/acme/sources/${searchConsole.uuid}/redirect`);
    expect(href('Moosend')).toBe(`/organization/acme/sources/setup/moosend/${moosend.uuid}`);
    expect(href('Apple Ads')).toBe(`/organization/acme/sources/setup/apple_ads/${appleAds.uuid}`);
    expect(href('GA4 Events (BigQuery export)')).toBe(
      `/organization/acme/sources/setup/google_analytics_4_events/${ga4Events.uuid}`,
    );
    expect(href('Google Play')).toBe(`/organization/acme/sources/setup/google_play/${googlePlay.uuid}`);
    for (const name of ['Analytics', 'Search', 'App Stores', 'Email']) {
      expect(screen.getByRole('region', { name })).toBeInTheDocument();
    }
  });

  it('shows the error banner of a failed authorization', async () => {
    renderSources(`${PAGE}?error=access_denied`);
    expect(
      await screen.findByText(
        'Something went wrong, please try again later or try again with a different account. (access_denied)',
      ),
    ).toBeInTheDocument();
  });

  it("marks integrations outside the plan 'Upgrade plan', leading to billing checkout", async () => {
    renderSources(PAGE, { features: featuresFixture({ integrations: ['google_ads'] }) });
    const upgrade = await screen.findByRole('link', { name: 'Moosend: Upgrade plan' });
    expect(upgrade).toHaveAttribute('href', '/organization/acme/billing/checkout');
    expect(within(upgrade).getByText('Upgrade plan')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Google Ads' })).toHaveAttribute(
      'href',
      `/organization/acme/sources/${googleAds.uuid}/redirect`,
    );
  });

  it('offers every integration on a trial plan', async () => {
    renderSources(PAGE, { features: featuresFixture({ integrations: [], is_trial: true }) });
    expect(await screen.findByRole('link', { name: 'Moosend' })).toBeInTheDocument();
    expect(screen.queryByText('Upgrade plan')).toBeNull();
  });

  it("links 'Upgrade plan for more accounts' when the plan allows no more accounts", async () => {
    renderSources(PAGE, { features: featuresFixture({ can_add_accounts: false }) });
    expect(await screen.findByRole('link', { name: 'Upgrade plan for more accounts' })).toHaveAttribute(
      'href',
      '/organization/acme/billing/products',
    );
  });

  it('says when the integrations cannot be loaded', async () => {
    renderSources(PAGE, {
      routes: { 'GET /api/services': () => json(503, { detail: { type: 'unavailable' } }) },
    });
    expect(await screen.findByText('Failed loading sources')).toBeInTheDocument();
    expect(screen.getByText('Error 503: unavailable')).toBeInTheDocument();
  });

  it('sends a demo organization to its sources', async () => {
    const { router } = renderSources(`/organization/${demo.slug}/sources/add`);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/organization/${demo.slug}/sources`));
  });
});

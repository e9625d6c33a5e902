import type { Entitlements, Organization } from '@maya/contracts';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router';
import { AppProviders } from '../../../app/AppProviders';
import { createQueryClient } from '../../../shared/api/queryClient';
import { calledUrls, json, mockApi } from '../../../test/api';
import { entitlementsFixture } from '../../../test/billingFixtures';
import { organizationFixture } from '../../../test/organizationFixtures';
import { SubscriptionBanner } from './SubscriptionBanner';

const NOW = Date.parse('2026-03-10T15:00:00Z');
const acme = organizationFixture({ slug: 'acme', name: 'Acme' });

const trial = entitlementsFixture({ trial_ends_at: '2026-03-17T09:00:00.000Z' });

function renderBanner(answer: Entitlements, organization: Organization = acme) {
  const fetchMock = mockApi((url) =>
    url.includes('/api/entitlements') ? json(200, answer) : json(404, { detail: { type: 'not_found' } }),
  );
  render(
    <AppProviders queryClient={createQueryClient()}>
      <MemoryRouter>
        <SubscriptionBanner organization={organization} isStaff={false} now={() => NOW} />
      </MemoryRouter>
    </AppProviders>,
  );
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

describe('SubscriptionBanner', () => {
  it('shows the free trial, its days left and the products link from the entitlements', async () => {
    const fetchMock = renderBanner(trial);
    expect(await screen.findByText('You are on free trial')).toBeVisible();
    expect(screen.getByText('7 days left.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Choose a plan' })).toHaveAttribute(
      'href',
      '/organization/acme/billing/products',
    );
    expect(calledUrls(fetchMock).some((url) => url.includes(`organization_id=${acme.id}`))).toBe(true);
  });

  it('warns a member of a failed payment and names who can fix it', async () => {
    renderBanner(
      { ...trial, source: 'stripe', status: 'past_due', plan_id: 'growth', trial_ends_at: null },
      organizationFixture({ slug: 'acme', name: 'Acme', role: 'member' }),
    );
    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent(/could not collect your last payment/);
    expect(banner).toHaveTextContent('An owner or admin of this organization can change the plan.');
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('links an administrator of a canceled plan to the products', async () => {
    renderBanner({ ...trial, source: 'local', status: 'canceled', trial_ends_at: null });
    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent(/data is no longer updated/);
    expect(screen.getByRole('link', { name: 'Choose a plan' })).toBeVisible();
  });
});

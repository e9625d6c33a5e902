import type { Organization, Subscription } from '@maya/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { tokenStore } from '../../../shared/auth/tokenStore';
import { navigateExternal } from '../../../shared/lib/browser';
import { json } from '../../../test/api';
import {
  accountRoutes,
  demoOrganization,
  mockRoutes,
  organizationFixture,
  renderApp,
  signIn,
  type RouteHandler,
} from '../../../test/organizationFixtures';
import { linkableOrganizations } from '../linking';

vi.mock('../../../shared/lib/browser', () => ({ navigateExternal: vi.fn() }));

afterEach(() => {
  vi.mocked(navigateExternal).mockReset();
  vi.unstubAllGlobals();
  tokenStore.clear();
});

const acme = organizationFixture({ slug: 'acme', name: 'Acme' });
const paid = organizationFixture({ slug: 'paid', name: 'Paid Co', has_subscription: true });
const viewer = organizationFixture({ slug: 'viewer', name: 'Viewer Co', role: 'member' });
const globex = organizationFixture({ slug: 'globex', name: 'Globex', role: 'owner' });

function subscription(overrides: Partial<Subscription> = {}): Subscription {
  return {
    id: 'sub-1',
    name: 'Maya Pro',
    status: 'active',
    needs_payment_method: false,
    trial_ends_at: null,
    offer_id: 'maya',
    plan_id: 'pro',
    organization_id: null,
    ...overrides,
  };
}

type Setup = {
  organizations?: Organization[];
  subscriptions?: Subscription[];
  hasUnlinked?: boolean;
  link?: RouteHandler;
  check?: RouteHandler;
  /** The organization the shell shows; it must be among `organizations`. */
  slug?: string;
};

async function renderShell({
  organizations = [demoOrganization, acme, paid, viewer],
  subscriptions = [subscription()],
  hasUnlinked = true,
  link = () => json(200, { success: true }),
  check = () => json(200, { has_unlinked_subscription: hasUnlinked, subscriptions }),
  slug = 'acme',
}: Setup = {}) {
  signIn();
  const calls = mockRoutes({
    ...accountRoutes({ organizations }),
    'GET /api/user/subscriptions/check': check,
    [`POST /api/subscriptions/mona/link/${subscriptions[0]?.id ?? 'none'}`]: link,
  });
  const rendered = renderApp(`/organization/${slug}`);
  await screen.findByRole('navigation', { name: 'Main' });
  return { ...rendered, calls };
}

async function findModal() {
  return screen.findByRole('dialog', { name: 'Link your subscription' });
}

describe('subscription link modal', () => {
  it('offers only non-demo, unpaid organizations the user administers', () => {
    expect(linkableOrganizations([demoOrganization, acme, paid, viewer, globex])).toEqual([acme, globex]);
  });

  it('is not shown when nothing is waiting to be linked', async () => {
    const { calls } = await renderShell({ hasUnlinked: false });
    await waitFor(() =>
      expect(calls.some((call) => call.path === '/api/user/subscriptions/check')).toBe(true),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('links the chosen subscription to the chosen organization, then reloads at /', async () => {
    const { calls } = await renderShell({
      organizations: [demoOrganization, acme, paid, viewer, globex],
      subscriptions: [subscription(), subscription({ id: 'sub-2', name: 'Maya Team', status: 'trialing' })],
    });
    const modal = await findModal();
    const link = within(modal).getByRole('button', { name: 'Link' });

    await userEvent.click(within(modal).getByRole('combobox', { name: 'Organization' }));
    const offered = screen.getAllByRole('option').map((option) => option.textContent);
    expect(offered).toEqual(['Acme', 'Globex']);
    await userEvent.click(screen.getByRole('option', { name: 'Globex' }));

    await userEvent.click(within(modal).getByRole('combobox', { name: 'Subscription' }));
    await userEvent.click(screen.getByRole('option', { name: 'Maya Pro (active)' }));

    await userEvent.click(link);
    await waitFor(() => expect(navigateExternal).toHaveBeenCalledWith('/'));
    expect(calls.filter((call) => call.method === 'POST')).toEqual([
      expect.objectContaining({
        path: '/api/subscriptions/mona/link/sub-1',
        body: { organization_id: globex.id },
      }),
    ]);
  });

  it("says 'No available organizations' and disables Link when none can be linked", async () => {
    await renderShell({ organizations: [demoOrganization, paid, viewer], slug: 'paid' });
    const modal = await findModal();
    expect(within(modal).getByText('No available organizations')).toBeInTheDocument();
    expect(within(modal).queryByRole('combobox', { name: 'Organization' })).not.toBeInTheDocument();
    expect(within(modal).getByRole('button', { name: 'Link' })).toBeDisabled();
  });

  it('disables Link when no subscription is left to link', async () => {
    await renderShell({ subscriptions: [subscription({ organization_id: paid.id })] });
    const modal = await findModal();
    expect(within(modal).getByText('No subscriptions to link')).toBeInTheDocument();
    expect(within(modal).getByRole('button', { name: 'Link' })).toBeDisabled();
  });

  it('a 404 on link: Something went wrong while linking subscription', async () => {
    await renderShell({ link: () => json(404, { detail: { type: 'not_found' } }) });
    const modal = await findModal();
    await userEvent.click(within(modal).getByRole('button', { name: 'Link' }));
    const alert = await within(modal).findByRole('alert');
    expect(alert).toHaveTextContent('Something went wrong while linking subscription');
    expect(alert).toHaveTextContent('No details');
  });

  it('a failed check is told in a toast and shows no modal', async () => {
    await renderShell({ check: () => json(404, { detail: { type: 'not_found' } }) });
    expect(
      await screen.findByText('Something went wrong while checking user subscriptions'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('failure shows the type and the detail, or No details; it can be dismissed', async () => {
    let attempt = 0;
    await renderShell({
      link: () => {
        attempt += 1;
        return attempt === 1
          ? json(400, {
              detail: { type: 'organization_has_subscription', message: 'Acme already has a plan.' },
            })
          : json(400, { detail: { type: 'subscription_already_linked' } });
      },
    });
    const modal = await findModal();
    const link = within(modal).getByRole('button', { name: 'Link' });
    await userEvent.click(link);
    const alert = await within(modal).findByRole('alert');
    expect(alert).toHaveTextContent('Error while linking subscription: organization_has_subscription');
    expect(alert).toHaveTextContent('Acme already has a plan.');

    await userEvent.click(link);
    await waitFor(() =>
      expect(within(modal).getByRole('alert')).toHaveTextContent(
        'Error while linking subscription: subscription_already_linked',
      ),
    );
    expect(within(modal).getByRole('alert')).toHaveTextContent('No details');
    expect(navigateExternal).not.toHaveBeenCalled();

    await userEvent.click(within(modal).getByRole('button', { name: 'Later' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

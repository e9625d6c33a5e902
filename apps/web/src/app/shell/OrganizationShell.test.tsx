import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { tokenStore } from '../../shared/auth/tokenStore';
import {
  getCachedOrganization,
  getCurrentOrganizationSlug,
  setCurrentOrganizationSlug,
} from '../../shared/organizations/currentOrganization';
import { json } from '../../test/api';
import {
  accountRoutes,
  demoOrganization,
  mockRoutes,
  organizationFixture,
  renderApp,
  signIn,
  userFixture,
} from '../../test/organizationFixtures';

const acme = organizationFixture({ slug: 'acme', name: 'Acme', is_etl_enabled: true });
const globex = organizationFixture({ slug: 'globex', name: 'Globex', is_etl_enabled: false });
const organizations = [demoOrganization, acme, globex];

/** The built-in reports, as GET /reports lists them (the sidebar's Reports). */
const builtInReports = ['-maya', '-seo-v1'].map((slug) => ({
  id: slug.slice(1),
  slug,
  name: slug,
  embed_url: `https://app.example.com/api/reports/${slug}`,
  access_token: null,
  access_level: 'Edit',
  permission_level: 'admin',
  demo: false,
  is_custom: false,
  dataset_id: slug === '-maya' ? 'marketing' : 'search',
}));

async function renderShell(path: string, options: Parameters<typeof accountRoutes>[0] = {}) {
  signIn();
  const calls = mockRoutes({
    ...accountRoutes({ organizations, ...options }),
    'GET /api/reports': () => json(200, { reports: builtInReports }),
  });
  const rendered = renderApp(path);
  await screen.findByRole('navigation', { name: 'Main' });
  return { ...rendered, calls };
}

function sectionToggle(name: string) {
  return screen.getByRole('button', { name });
}

/** The links of an open section (it may still be unfolding). */
async function sectionLinks(name: string) {
  return within(await screen.findByRole('list', { name })).getAllByRole('link');
}

describe('organization shell', () => {
  it('shows the Setup section with its routes, Data Load included when ETL is enabled', async () => {
    await renderShell('/organization/acme/sources');
    expect(sectionToggle('Setup')).toHaveAttribute('aria-expanded', 'true');
    const links = (await sectionLinks('Setup')).map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual([
      ['Administration', '/organization/acme/settings/members'],
      ['Data Load', '/organization/acme/data-load'],
      ['Sources', '/organization/acme/sources'],
      ['Clusters', '/organization/acme/clusters'],
      ['Competitors', '/organization/acme/competitors'],
      ['PageSpeed', '/organization/acme/pagespeed'],
      ['Manual Expenses', '/organization/acme/expenses'],
      ['Marketplace', '/organization/acme/billing/products'],
    ]);
    expect(screen.getByRole('link', { name: 'Sources' })).toHaveAttribute('aria-current', 'page');
    // The page renders inside the shell.
    expect(await screen.findByRole('heading', { name: 'Sources', level: 1 })).toBeInTheDocument();
  });

  it('leaves Data Load out without ETL', async () => {
    await renderShell('/organization/globex/sources');
    const labels = (await sectionLinks('Setup')).map((link) => link.textContent);
    expect(labels).not.toContain('Data Load');
    expect(labels).toContain('Sources');
  });

  it('opens sections one at a time; Reports lists maya and seo-v1 without the leading dash', async () => {
    await renderShell('/organization/acme/sources');
    await userEvent.click(sectionToggle('Reports'));
    expect(sectionToggle('Reports')).toHaveAttribute('aria-expanded', 'true');
    expect(sectionToggle('Setup')).toHaveAttribute('aria-expanded', 'false');
    expect(sectionToggle('Demo')).toHaveAttribute('aria-expanded', 'false');
    expect(
      (await sectionLinks('Reports')).map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['maya', '/organization/acme/dashboard/-maya'],
      ['seo-v1', '/organization/acme/dashboard/-seo-v1'],
    ]);
    await userEvent.click(sectionToggle('Demo'));
    expect(sectionToggle('Demo')).toHaveAttribute('aria-expanded', 'true');
    expect(sectionToggle('Reports')).toHaveAttribute('aria-expanded', 'false');
  });

  it('opens the section of the page shown', async () => {
    await renderShell('/organization/acme/dashboard/-seo-v1');
    // Once the reports list has come.
    await waitFor(() => expect(sectionToggle('Reports')).toHaveAttribute('aria-expanded', 'true'));
    expect(sectionToggle('Setup')).toHaveAttribute('aria-expanded', 'false');
  });

  it('hides Setup for a demo organization; Demo has Performance and Book a Demo prefilled', async () => {
    await renderShell('/organization/demo/dashboard/-demo');
    expect(screen.queryByRole('button', { name: 'Setup' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Sources' })).toBeNull();
    expect(sectionToggle('Demo')).toHaveAttribute('aria-expanded', 'true');
    const [performance, book] = await sectionLinks('Demo');
    expect(performance).toHaveTextContent('Performance');
    expect(performance).toHaveAttribute('href', '/organization/demo/dashboard/-demo');
    expect(book).toHaveTextContent('Book a Demo');
    const url = new URL(book?.getAttribute('href') ?? '');
    expect(url.searchParams.get('email')).toBe('ada@example.com');
    expect(url.searchParams.get('name')).toBe('Ada Lovelace');
    expect(book).toHaveAttribute('target', '_blank');
  });

  it('shows the notification bell to staff users only', async () => {
    await renderShell('/organization/acme/sources', { user: userFixture({ is_staff: true }) });
    // The bell loads when it shows (staff only).
    expect(await screen.findByRole('button', { name: 'Notifications' })).toHaveAttribute(
      'aria-haspopup',
      'dialog',
    );
  });

  it('has no bell for other users', async () => {
    await renderShell('/organization/acme/sources');
    expect(screen.queryByRole('button', { name: /Notifications/ })).toBeNull();
    expect(screen.queryByRole('link', { name: /Notifications/ })).toBeNull();
  });

  it('remembers the organization as current and caches its id, is_demo and name', async () => {
    await renderShell('/organization/globex/sources');
    await waitFor(() => expect(getCurrentOrganizationSlug()).toBe('globex'));
    expect(getCachedOrganization('globex')).toEqual({ id: globex.id, is_demo: false, name: 'Globex' });
  });

  it('collapses the sidebar to an icon rail and remembers it', async () => {
    const { unmount } = await renderShell('/organization/acme/sources');
    const toggle = screen.getByRole('button', { name: 'Toggle sidebar' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(toggle);
    expect(window.localStorage.getItem('isSideBarCollapsed')).toBe('true');
    expect(screen.queryByRole('button', { name: 'Setup' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Sources' })).toHaveAttribute(
      'href',
      '/organization/acme/sources',
    );
    unmount();

    renderApp('/organization/acme/clusters');
    await screen.findByRole('navigation', { name: 'Main' });
    expect(screen.getByRole('button', { name: 'Toggle sidebar' })).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('button', { name: 'Setup' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Toggle sidebar' }));
    expect(window.localStorage.getItem('isSideBarCollapsed')).toBe('false');
    expect(screen.getByRole('button', { name: 'Setup' })).toBeInTheDocument();
  });

  it('shows the not-found page, without the shell, for an organization the user cannot open', async () => {
    signIn();
    mockRoutes(accountRoutes({ organizations }));
    renderApp('/organization/initech/sources');
    expect(await screen.findByText('We could not find the page you are looking for.')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
    await waitFor(() => expect(document.title).toBe('Page Not Found - Maya'));
  });

  it('sends an unverified user to /verify-email with the email; the shell is not rendered', async () => {
    signIn();
    const calls = mockRoutes(accountRoutes({ user: userFixture({ is_email_verified: false }) }));
    const { router } = renderApp('/organization/acme/sources');
    await waitFor(() => expect(router.state.location.pathname).toBe('/verify-email'));
    expect(router.state.location.search).toBe('?email=ada%40example.com');
    expect(calls.map((call) => call.path)).not.toContain('/api/organizations');
  });

  it.each([
    ['GET /api/organizations', 'There was an issue loading your organizations.'],
    ['GET /api/user', 'There was an issue loading your account information.'],
  ])('when %s fails it says "%s"', async (route, message) => {
    signIn();
    mockRoutes({
      ...accountRoutes({ organizations }),
      [route]: () => json(500, { detail: { type: 'boom' } }),
    });
    renderApp('/organization/acme/sources');
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByText('Error 500: boom')).toBeInTheDocument();
  });
});

describe('top bar menus', () => {
  it('the organization picker lists organizations and links Add new organization', async () => {
    await renderShell('/organization/acme/sources');
    await userEvent.click(screen.getByRole('button', { name: /Switch organization/ }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: /Globex/ })).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: /Add new organization/ })).toHaveAttribute(
      'href',
      '/create-organization',
    );
  });

  it('picking a demo organization opens it directly', async () => {
    const { router } = await renderShell('/organization/acme/sources');
    await userEvent.click(screen.getByRole('button', { name: /Switch organization/ }));
    await userEvent.click(await screen.findByRole('menuitem', { name: /Demo/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/organization/demo/dashboard/-demo'));
    expect(getCurrentOrganizationSlug()).toBe('demo');
  });

  it('picking another organization stores it and goes through /', async () => {
    const { router } = await renderShell('/organization/acme/sources');
    await userEvent.click(screen.getByRole('button', { name: /Switch organization/ }));
    await userEvent.click(await screen.findByRole('menuitem', { name: /Globex/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/organization/globex/dashboard/-maya'));
    expect(getCurrentOrganizationSlug()).toBe('globex');
  });

  it('the account menu links Account, Documentation and Legal', async () => {
    await renderShell('/organization/acme/sources');
    await userEvent.click(screen.getByRole('button', { name: 'Account menu' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Account' })).toHaveAttribute(
      'href',
      '/organization/acme/account-settings/change-password',
    );
    const external = [
      ['Documentation', 'https://docs.example.com'],
      ['Privacy Policy', 'https://example.com/privacy'],
      ['Terms of Service', 'https://example.com/terms'],
    ];
    for (const [name, href] of external) {
      const item = await within(menu).findByRole('menuitem', { name });
      expect(item).toHaveAttribute('href', href);
      expect(item).toHaveAttribute('target', '_blank');
    }
    expect(within(menu).getByText('Legal')).toBeInTheDocument();
  });

  it('Logout revokes the session, forgets the current organization and goes to /', async () => {
    setCurrentOrganizationSlug('acme');
    const { router, calls } = await renderShell('/organization/acme/sources');
    await userEvent.click(screen.getByRole('button', { name: 'Account menu' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Logout' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/sign-in'));
    expect(calls.map((call) => `${call.method} ${call.path}`)).toContain('POST /api/auth/logout');
    expect(tokenStore.get()).toBeNull();
    expect(getCurrentOrganizationSlug()).toBeNull();
  });
});

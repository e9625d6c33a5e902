import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json } from '../../../../test/api';
import type { RouteHandler } from '../../../../test/organizationFixtures';
import { accountFixture, acme, callsTo, ga4Events, renderSources } from '../../test/sourcesFixtures';

const PAGE = `/organization/acme/sources/setup/google_analytics_4_events/${ga4Events.uuid}`;
const EMAIL = 'maya-export@maya-prod.iam.gserviceaccount.com';

function renderGa4(routes: Record<string, RouteHandler> = {}) {
  return renderSources(PAGE, {
    routes: {
      'GET /api/services/google_analytics_4_events/service_account_email': () => json(200, { email: EMAIL }),
      ...routes,
    },
  });
}

async function fillAndSave(projectId = 'my-project', datasetId = 'analytics_123456') {
  const user = userEvent.setup({ delay: null });
  await user.type(await screen.findByRole('textbox', { name: 'Project Id' }), projectId);
  await user.type(screen.getByRole('textbox', { name: 'Dataset Id' }), datasetId);
  await user.click(screen.getByRole('button', { name: 'Save' }));
}

describe('GA4 events setup', () => {
  it('guides in five steps, naming the service account and its three roles', async () => {
    renderGa4();
    const guide = await screen.findByRole('complementary', { name: 'Guide' });
    const steps = within(guide).getAllByRole('listitem');
    const titles = [
      'Enable BigQuery',
      'Prepare the export',
      'Link the GA4 property',
      'Grant access',
      'Find the project and dataset ids',
    ];
    expect(steps).toHaveLength(5);
    titles.forEach((title, index) => expect(steps[index]).toHaveTextContent(`${index + 1}${title}`));
    expect(steps[2]).toHaveTextContent('EU data location');
    expect(steps[2]).toHaveTextContent('Daily');
    expect(await within(steps[3]!).findByText(EMAIL)).toBeInTheDocument();
    expect(steps[3]).toHaveTextContent('BigQuery Job User, BigQuery Data Viewer and Storage Object Admin');
    expect(steps[4]).toHaveTextContent('analytics_');
    expect(steps[4]).toHaveTextContent('24 hours');
  });

  it('keeps Save disabled unless both ids are given', async () => {
    renderGa4();
    const save = await screen.findByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    await userEvent.type(screen.getByRole('textbox', { name: 'Project Id' }), 'p');
    expect(save).toBeDisabled();
    await userEvent.type(screen.getByRole('textbox', { name: 'Dataset Id' }), 'd');
    expect(save).toBeEnabled();
  });

  it('keeps the service uuid, verifies the export and goes to sources', async () => {
    const { calls, router } = renderGa4({
      'POST /api/services/google_analytics_4_events/unique_account': () =>
        json(201, { service_accounts: [accountFixture(ga4Events)] }),
    });
    await fillAndSave();
    await waitFor(() => expect(router.state.location.pathname).toBe('/organization/acme/sources'));
    expect(window.localStorage.getItem('redirectServiceUuid')).toBe(ga4Events.uuid);
    expect(callsTo(calls, 'POST', '/api/services/google_analytics_4_events/unique_account')[0]?.body).toEqual(
      {
        serviceUuid: ga4Events.uuid,
        organization_id: acme.id,
        projectId: 'my-project',
        datasetId: 'analytics_123456',
      },
    );
  });

  it("says 'Unable to retrieve unique account. Please try again.' when no account comes back", async () => {
    renderGa4({
      'POST /api/services/google_analytics_4_events/unique_account': () =>
        json(201, { service_accounts: [] }),
    });
    await fillAndSave();
    expect(
      await screen.findByText('Unable to retrieve unique account. Please try again.'),
    ).toBeInTheDocument();
  });

  it.each([
    [
      () => json(403, { detail: { type: 'provider_error', message: 'Access Denied: Dataset' } }),
      'Error 403: Access Denied: Dataset',
    ],
    [() => Promise.reject(new TypeError('offline')), 'Failed loading unique service account'],
  ])('shows the verification failure', async (handler, message) => {
    renderGa4({ 'POST /api/services/google_analytics_4_events/unique_account': handler });
    await fillAndSave();
    expect(await screen.findByText(message)).toBeInTheDocument();
  });
});

import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json } from '../../../test/api';
import { mockRoutes, signIn } from '../../../test/organizationFixtures';
import { renderRoutes } from '../../../test/render';
import { SharedDatasetPanel } from './SharedDatasetPanel';

const ORG_ID = '5a0e6d8c-2b1f-4e3a-9c7d-1e2f3a4b5c6d';
const FEATURES = {
  is_trial: false,
  integrations: [],
  can_add_accounts: true,
  can_add_users: true,
  has_database_access: true,
  can_configure_destination: true,
  data_history: 5,
  can_add_custom_reports: true,
};

const render = () =>
  renderRoutes(
    [
      {
        path: '/',
        element: <SharedDatasetPanel organizationId={ORG_ID} organizationSlug="acme" canManage />,
      },
    ],
    '/',
  );

describe('shared dataset panel', () => {
  it('says how people read the dataset: the SQL endpoint, and the grants on each kind of destination', async () => {
    signIn();
    mockRoutes({
      [`GET /api/organizations/${ORG_ID}/shared-dataset`]: () =>
        json(200, { dataset: 'prj_x_db', users: [] }),
      'POST /api/features': () => json(200, FEATURES),
    });
    render();
    const help = (await screen.findByRole('heading', { name: 'How they read it' })).parentElement!;
    expect(
      within(help).getByText(`POST /api/organizations/${ORG_ID}/shared-dataset/sql`),
    ).toBeInTheDocument();
    expect(within(help).getByText(/Your destination user needs CREATEROLE/)).toBeInTheDocument();
    expect(
      within(help).getByText(/BigQuery Data Viewer on the datasets analytics and raw/),
    ).toBeInTheDocument();
    expect(within(help).getByText(/USE SCHEMA and SELECT/)).toBeInTheDocument();
  });

  it('says what a PostgreSQL destination that cannot make logins needs when a share fails', async () => {
    signIn();
    mockRoutes({
      [`GET /api/organizations/${ORG_ID}/shared-dataset`]: () =>
        json(200, { dataset: 'prj_x_db', users: [] }),
      'POST /api/features': () => json(200, FEATURES),
      [`POST /api/organizations/${ORG_ID}/shared-dataset`]: () =>
        json(502, { detail: { type: 'database_role_failed', message: 'permission denied to create role' } }),
    });
    render();
    await userEvent.type(await screen.findByRole('textbox', { name: 'Email' }), 'analyst@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Share' }));
    expect(
      await screen.findByText(
        'Your PostgreSQL destination could not make a read-only login: its user needs the CREATEROLE privilege.',
      ),
    ).toBeInTheDocument();
  });
});

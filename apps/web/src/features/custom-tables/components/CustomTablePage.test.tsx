// The custom table screens in the browser: the upload's checks in the spec's words (spec 001 §5
// CSV upload), the column editor's rules (spec 001 §5 Custom table editor), and Edit Schema's save.
import {
  CUSTOM_TABLE_IDS,
  CUSTOM_TABLE_REQUIRED_COLUMNS,
  CUSTOM_TABLE_TITLES,
  type CustomTable,
  type CustomTableColumn,
} from '@maya/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { json } from '../../../test/api';
import {
  accountRoutes,
  demoOrganization,
  mockRoutes,
  organizationFixture,
  renderApp,
  signIn,
} from '../../../test/organizationFixtures';

const acme = organizationFixture({ slug: 'acme' });
const column = (columnName: string, type: CustomTableColumn['type'], isRequired = false) => ({
  columnName,
  alias: columnName,
  type,
  isRequired,
  isPrimaryKey: false,
});
const ORDERS: CustomTable = {
  table_id: 'manual_orders',
  name: 'Manual Orders',
  uuid: '00000000-0000-4000-8000-0000000000aa',
  columns: [
    column('order_id', 'String', true),
    column('user_id', 'String', true),
    column('created_at', 'Date', true),
    column('note', 'String'),
  ],
  row_count: 3,
  file_name: 'orders.csv',
  uploaded_at: '2026-03-01T10:00:00.000Z',
};

function renderTable(path: string, tables: CustomTable[]) {
  signIn();
  const calls = mockRoutes({
    ...accountRoutes({ organizations: [acme, demoOrganization] }),
    'GET /api/custom_table': () =>
      json(200, {
        tables,
        categories: CUSTOM_TABLE_IDS.map((id) => ({
          table_id: id,
          name: CUSTOM_TABLE_TITLES[id],
          required_columns: [...CUSTOM_TABLE_REQUIRED_COLUMNS[id]],
        })),
      }),
    'PUT /api/custom_table/manual_orders/columns': (call) =>
      json(200, { ...ORDERS, columns: (call.body as { columns: CustomTableColumn[] }).columns }),
  });
  const rendered = renderApp(`/organization/acme/sources/setup/custom-table/${path}`);
  return { ...rendered, calls };
}

const csv = (text: string, name = 'orders.csv', type = 'text/csv') => new File([text], name, { type });

async function choose(file: File) {
  const input = await waitFor(() => {
    const found = document.querySelector<HTMLInputElement>('input[type=file]');
    if (found === null) throw new Error('no file input yet');
    return found;
  });
  await userEvent.upload(input, file, { applyAccept: false });
}

const uploadButton = () => screen.getByRole('button', { name: 'Upload' });

// jsdom's Blob has no arrayBuffer() (browsers do): read it through its FileReader instead.
beforeAll(() => {
  if (typeof Blob.prototype.arrayBuffer === 'function') return;
  Blob.prototype.arrayBuffer = function arrayBuffer(this: Blob) {
    return new Promise<ArrayBuffer>((resolve, reject) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as ArrayBuffer);
      reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
      reader.readAsArrayBuffer(this);
    });
  };
});
afterEach(() => vi.unstubAllGlobals());

describe('the upload’s checks', () => {
  it('says which required column is missing, and keeps Upload disabled', async () => {
    renderTable('manual_orders', []);
    await screen.findByRole('heading', { name: 'Manual Orders' });
    await choose(csv('user_id,created_at\nu-1,2024-03-01\n'));
    expect(await screen.findByText('Could not find order_id column')).toBeInTheDocument();
    expect(uploadButton()).toBeDisabled();
    await choose(csv('created_at\n2024-03-01\n'));
    expect(await screen.findByText('Could not find order_id, user_id column')).toBeInTheDocument();
  });

  it('refuses a file that is not CSV, and one without a header', async () => {
    renderTable('manual_orders', []);
    await screen.findByRole('heading', { name: 'Manual Orders' });
    await choose(
      csv('PK', 'orders.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'),
    );
    expect(
      await screen.findByText('Not a valid .csv file. Please select a valid .csv file'),
    ).toBeInTheDocument();
    await choose(csv(''));
    expect(await screen.findByText('Please upload a CSV file with columns')).toBeInTheDocument();
    expect(uploadButton()).toBeDisabled();
  });

  it('refuses other columns when replacing a table: "Current schema and CSV columns do not match"', async () => {
    renderTable('manual_orders', [ORDERS]);
    await screen.findByText(/3 rows loaded/);
    await choose(csv('order_id,user_id,created_at,amount\no-1,u-1,2024-03-01,1\n'));
    expect(await screen.findByText('Current schema and CSV columns do not match')).toBeInTheDocument();
    expect(uploadButton()).toBeDisabled();
    // The same columns in another order are the table's.
    await choose(csv('note,order_id,created_at,user_id\nx,o-1,2024-03-01,u-1\n'));
    await waitFor(() => expect(uploadButton()).toBeEnabled());
  });
});

describe('the column editor', () => {
  async function editor() {
    renderTable('manual_orders', []);
    await screen.findByRole('heading', { name: 'Manual Orders' });
    await choose(csv('order_id,user_id,created_at,Gift Note,amount\no-1,u-1,2024-03-01,x,1\n'));
    return screen.findByRole('table', { name: 'Columns' });
  }

  it('fixes a required column’s final name and type, and names the others from the header', async () => {
    const table = await editor();
    expect(within(table).getByLabelText('Final name of order_id')).toBeDisabled();
    expect(within(table).getByLabelText('Type of created_at')).toBeDisabled();
    expect(within(table).getByLabelText('Type of created_at')).toHaveValue('Date');
    expect(within(table).getByLabelText('Final name of Gift Note')).toHaveValue('gift_note');
    expect(within(table).getByLabelText('Final name of Gift Note')).toBeEnabled();
    expect(uploadButton()).toBeEnabled();
  });

  it('refuses duplicate final names: "Please remove duplicate column names"', async () => {
    const table = await editor();
    const alias = within(table).getByLabelText('Final name of amount');
    await userEvent.clear(alias);
    await userEvent.type(alias, 'gift_note');
    expect(await screen.findByText('Please remove duplicate column names')).toBeInTheDocument();
    expect(uploadButton()).toBeDisabled();
    await userEvent.type(alias, '_2');
    await waitFor(() => expect(screen.queryByText('Please remove duplicate column names')).toBeNull());
    expect(uploadButton()).toBeEnabled();
  });

  it('keeps one primary key: choosing another clears the first', async () => {
    const table = await editor();
    await userEvent.click(within(table).getByLabelText('Primary key: order_id'));
    expect(within(table).getByLabelText('Primary key: order_id')).toBeChecked();
    await userEvent.click(within(table).getByLabelText('Primary key: amount'));
    expect(within(table).getByLabelText('Primary key: amount')).toBeChecked();
    expect(within(table).getByLabelText('Primary key: order_id')).not.toBeChecked();
  });
});

describe('Edit Schema', () => {
  it('saves the changed final names and types, then returns to the sources', async () => {
    const { calls, router } = renderTable('manual_orders/edit', [ORDERS]);
    const table = await screen.findByRole('table', { name: 'Columns' });
    expect(within(table).getByLabelText('Type of user_id')).toBeDisabled();
    await userEvent.selectOptions(within(table).getByLabelText('Type of note'), 'Numeric');
    const alias = within(table).getByLabelText('Final name of note');
    await userEvent.clear(alias);
    await userEvent.type(alias, 'score');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/organization/acme/sources'));
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.body).toMatchObject({
      organization_id: acme.id,
      columns: [
        ...ORDERS.columns.slice(0, 3),
        { columnName: 'note', alias: 'score', type: 'Numeric', isRequired: false, isPrimaryKey: false },
      ],
    });
  });

  it('shows the rule broken and keeps Save disabled', async () => {
    renderTable('manual_orders/edit', [ORDERS]);
    const table = await screen.findByRole('table', { name: 'Columns' });
    const alias = within(table).getByLabelText('Final name of note');
    await userEvent.clear(alias);
    await userEvent.type(alias, 'order_id');
    expect(await screen.findByText('Please remove duplicate column names')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });
});

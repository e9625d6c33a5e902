// Cluster columns through HTTP on a real PostgreSQL: the categories, a column from creation to
// deletion, every validation message of spec 001 §5 (a refused save stores nothing), the
// configured maximum, and the fixed and placeholder columns of §6.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAccountsApp, type AccountsApp } from '../support/accounts';
import {
  clustersApi,
  columnNames,
  createdColumn,
  owner,
  ruleSet,
  storedColumns,
  type ClustersApi,
} from './support';

let t: AccountsApp;
let admin: Awaited<ReturnType<typeof owner>>;
let api: ClustersApi;

beforeAll(async () => {
  t = await startAccountsApp({ MAX_CLUSTER_COLUMNS: '3' });
  admin = await owner(t, 'clusters-columns@example.com');
  api = clustersApi(t, admin, admin.organizationId);
});
afterAll(() => t.close());

const IS_BRAND = 'b4a7d000-0000-4000-8000-000000000102';
const FUNNEL_STAGE = 'b4a7d000-0000-4000-8000-000000000103';

describe('categories', () => {
  it('lists the spec’s categories with the server’s labels, then the fixed word-groups tab, and the maximum', async () => {
    const answer = await api.categories();
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      categories: [
        { id: 'adgroups', label: 'Ad Groups', is_fixed: false },
        { id: 'conversions', label: 'Conversions', is_fixed: false },
        { id: 'urls', label: 'URLs', is_fixed: false },
        { id: 'budget', label: 'Budget', is_fixed: false },
        { id: 'keywords', label: 'Keywords', is_fixed: false },
        { id: 'searchTerms', label: 'Search Terms', is_fixed: false },
        { id: 'word-groups', label: 'Word Groups', is_fixed: true },
      ],
      max_columns: 3,
    });
  });

  it('gives each category the fields of its model table, typed, with their operators', async () => {
    const answer = await api.category('adgroups');
    expect(answer.status).toBe(200);
    const fields = answer.body.fields as {
      id: string;
      name: string;
      type: string;
      operators: { key: string }[];
    }[];
    const byId = new Map(fields.map((field) => [field.id, field]));
    expect(byId.get('campaign_name')).toMatchObject({ name: 'Campaign Name', type: 'other' });
    expect(byId.get('cost_micros')).toMatchObject({ name: 'Cost', type: 'money' });
    expect(byId.get('clicks')).toMatchObject({ name: 'Clicks', type: 'numeric' });
    expect(byId.get('campaign_name')?.operators.map((o) => o.key)).toEqual([
      'equals',
      'not_equals',
      'contains',
      'not_contains',
      'starts_with',
      'ends_with',
      'matches',
      'not_matches',
      'matches_wordgroup',
      'not_matches_wordgroup',
      'is_empty',
    ]);
    expect(byId.get('clicks')?.operators).toEqual([
      { key: 'eq', value: '=' },
      { key: 'ne', value: '≠' },
      { key: 'lt', value: '<' },
      { key: 'lte', value: '≤' },
      { key: 'gt', value: '>' },
      { key: 'gte', value: '≥' },
    ]);
    // Dates, currencies and the minor-unit twins of amounts are not rule fields.
    for (const left of ['date', 'currency', 'cost_minor', 'channel_campaign'])
      expect(byId.has(left)).toBe(false);
  });

  it('starts every organization with its fixed and placeholder columns', async () => {
    const adGroups = await api.category('adgroups');
    expect(adGroups.body.columns).toMatchObject([
      { id: FUNNEL_STAGE, name: 'Funnel Stage', is_fixed: false, is_placeholder: true, values: [] },
    ]);
    const terms = await api.category('searchTerms');
    expect(terms.body.columns).toMatchObject([
      {
        id: IS_BRAND,
        name: 'Is Brand',
        db_name: 'is_brand',
        is_fixed: true,
        values: [{ name: 'Yes' }, { name: 'No' }],
      },
    ]);
    // Listed before anything is written: a read never writes.
    expect(await storedColumns(t, admin.organizationId)).toEqual([]);
  });

  it('refuses a category outside the spec’s list', async () => {
    const answer = await api.category('campaigns');
    expect(answer.status).toBe(422);
  });
});

describe('a column from creation to deletion', () => {
  it('is created last, read, renamed (its db_name kept), read by a later column, and deleted', async () => {
    const brand = await createdColumn(api, 'urls', 'Blog pages', [
      ruleSet('Blog', [{ field: 'url', operator: 'contains', value: '/blog/' }]),
      ruleSet('Docs', [
        { field: 'url', operator: 'starts_with', value: 'https://docs.' },
        { field: 'clicks', operator: 'gt', value: '10', condition: 'or' },
      ]),
    ]);
    expect(brand).toMatchObject({
      name: 'Blog pages',
      db_name: 'cluster_blog_pages',
      is_fixed: false,
      position: 0,
    });
    const read = await api.column('urls', brand.id);
    expect(read.status).toBe(200);
    expect(read.body.values[1].rules[1]).toEqual({
      field: 'clicks',
      operator: 'gt',
      value: '10',
      condition: 'or',
    });
    // The first rule carries no condition, whatever the client sent.
    const first = await api.save('urls', brand.id, {
      name: 'Site sections',
      values: [ruleSet('Blog', [{ field: 'url', operator: 'contains', value: '/blog/', condition: 'or' }])],
    });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ name: 'Site sections', db_name: 'cluster_blog_pages' });
    expect(first.body.values[0].rules[0]).toEqual({ field: 'url', operator: 'contains', value: '/blog/' });

    const later = await createdColumn(api, 'urls', 'Blog or not', [
      ruleSet('Yes', [{ field: 'cluster_blog_pages', operator: 'equals', value: 'Blog' }]),
    ]);
    const category = await api.category('urls');
    const [firstColumn, secondColumn] = category.body.columns as {
      fields: { id: string; column_id: string | null }[];
    }[];
    expect(firstColumn?.fields.some((f) => f.id === 'cluster_blog_pages')).toBe(false);
    expect(secondColumn?.fields.find((f) => f.id === 'cluster_blog_pages')?.column_id).toBe(brand.id);
    expect(category.body.fields.map((f: { id: string }) => f.id)).toContain('cluster_blog_or_not');

    // A column later columns read cannot go first.
    const refused = await api.remove('urls', brand.id);
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toMatchObject({
      type: 'cluster_column_referenced',
      columns: [{ id: later.id, name: 'Blog or not' }],
    });
    expect((await api.remove('urls', later.id)).status).toBe(200);
    expect((await api.remove('urls', brand.id)).status).toBe(200);
    expect(await columnNames(api, 'urls')).toEqual([]);
    const gone = await api.column('urls', brand.id);
    expect(gone.status).toBe(404);
    expect(gone.body.detail.type).toBe('cluster_column_not_found');
    expect((await api.remove('urls', brand.id)).status).toBe(404);
  });

  it('refuses a rule reading a column after it (the field is unknown there)', async () => {
    const a = await createdColumn(api, 'budget', 'First');
    const b = await createdColumn(api, 'budget', 'Second');
    const answer = await api.save('budget', a.id, {
      name: 'First',
      values: [ruleSet('x', [{ field: b.db_name, operator: 'equals', value: 'y' }])],
    });
    expect(answer.status).toBe(422);
    expect(answer.body.detail[0]).toMatchObject({
      loc: ['body', 'values', 0, 'rules', 0, 'field'],
      type: 'unknown_field',
    });
    for (const column of [a, b]) await api.remove('budget', column.id);
  });
});

describe('validation (spec 001 §5): a refused save stores nothing', () => {
  async function refusedSave(body: Record<string, unknown>, id = randomUUID()) {
    const before = await storedColumns(t, admin.organizationId);
    const answer = await api.save('conversions', id, body);
    expect(answer.status, JSON.stringify(answer.body)).toBe(422);
    expect(await storedColumns(t, admin.organizationId)).toEqual(before);
    return answer.body.detail as { loc: (string | number)[]; msg: string; type: string }[];
  }

  it("'Duplicate column name' for a name another column of the category has, whatever its case", async () => {
    await createdColumn(api, 'conversions', 'Purchase type');
    const detail = await refusedSave({ name: '  PURCHASE type ', values: [] });
    expect(detail).toEqual([{ loc: ['body', 'name'], msg: 'Duplicate column name', type: 'duplicate_name' }]);
    // Another category may hold the same name.
    const elsewhere = await createdColumn(api, 'urls', 'Purchase type');
    await api.remove('urls', elsewhere.id);
  });

  it("'Please enter a number' for a numeric rule whose value is not a number; empty is accepted", async () => {
    const detail = await refusedSave({
      name: 'Volume',
      values: [
        ruleSet('Big', [
          { field: 'conversions', operator: 'gt', value: '12abc' },
          { field: 'conversion_value_micros', operator: 'gte', value: '', condition: 'and' },
        ]),
      ],
    });
    expect(detail).toEqual([
      { loc: ['body', 'values', 0, 'rules', 0, 'value'], msg: 'Please enter a number', type: 'not_a_number' },
    ]);
  });

  it('an invalid regular expression, named by its rule set and rule', async () => {
    const detail = await refusedSave({
      name: 'Regex',
      values: [
        ruleSet('Fine', [{ field: 'conversion_name', operator: 'matches', value: '^purchase' }]),
        ruleSet('Broken', [
          { field: 'conversion_name', operator: 'contains', value: 'x' },
          { field: 'conversion_name', operator: 'not_matches', value: '(unclosed', condition: 'or' },
        ]),
      ],
    });
    expect(detail).toHaveLength(1);
    expect(detail[0]).toMatchObject({
      loc: ['body', 'values', 1, 'rules', 1, 'value'],
      type: 'invalid_regex',
    });
    expect(detail[0]?.msg).toContain("rule set 'Broken', rule 2");
  });

  it('an unknown field, an operator the field does not have, an unknown word group: each at its rule', async () => {
    const detail = await refusedSave({
      name: 'Unknowns',
      values: [
        ruleSet('a', [
          { field: 'no_such_field', operator: 'equals', value: 'x' },
          { field: 'conversions', operator: 'contains', value: '1', condition: 'and' },
          { field: 'conversion_name', operator: 'matches_wordgroup', value: randomUUID(), condition: 'and' },
        ]),
      ],
    });
    expect(detail.map((issue) => [issue.loc.join('.'), issue.type])).toEqual([
      ['body.values.0.rules.0.field', 'unknown_field'],
      ['body.values.0.rules.1.operator', 'unknown_operator'],
      ['body.values.0.rules.2.value', 'unknown_wordgroup'],
    ]);
  });

  it('an operator outside the list, an empty name and an id that is no UUID are refused by the schema', async () => {
    const bad = await refusedSave({
      name: 'x',
      values: [
        { id: randomUUID(), name: 'a', rules: [{ field: 'conversion_name', operator: 'like', value: 'x' }] },
      ],
    });
    expect(bad[0]?.loc).toEqual(['body', 'values', 0, 'rules', 0, 'operator']);
    const empty = await refusedSave({ name: '   ', values: [] });
    expect(empty[0]).toMatchObject({ loc: ['body', 'name'], msg: 'Required' });
    const answer = await api.save('conversions', 'not-a-uuid', { name: 'x', values: [] });
    expect(answer.status).toBe(422);
  });
});

describe('the maximum and the fixed and placeholder columns (spec 001 §6, §9)', () => {
  it('refuses a column beyond MAX_CLUSTER_COLUMNS and stores nothing; updates still go through', async () => {
    // Ad groups start with their placeholder: two more reach the maximum of 3.
    const a = await createdColumn(api, 'adgroups', 'A');
    const b = await createdColumn(api, 'adgroups', 'B');
    const answer = await api.save('adgroups', randomUUID(), { name: 'C', values: [] });
    expect(answer.status).toBe(422);
    expect(answer.body.detail).toMatchObject({ type: 'too_many_cluster_columns', max: 3 });
    expect(await columnNames(api, 'adgroups')).toEqual(['Funnel Stage', 'A', 'B']);
    expect((await api.save('adgroups', a.id, { name: 'A2', values: [] })).status).toBe(200);
    for (const column of [a, b]) await api.remove('adgroups', column.id);
  });

  it('a fixed column is not renamed or deleted, but its rules are edited', async () => {
    const renamed = await api.save('searchTerms', IS_BRAND, { name: 'Brand?', values: [] });
    expect(renamed.status).toBe(422);
    expect(renamed.body.detail.type).toBe('cluster_column_not_renamable');
    const deleted = await api.remove('searchTerms', IS_BRAND);
    expect(deleted.status).toBe(422);
    expect(deleted.body.detail.type).toBe('cluster_column_not_deletable');
    const edited = await api.save('searchTerms', IS_BRAND, {
      name: 'Is Brand',
      values: [ruleSet('Yes', [{ field: 'search_term', operator: 'contains', value: 'acme' }])],
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body).toMatchObject({ is_fixed: true, db_name: 'is_brand', values: [{ name: 'Yes' }] });
  });

  it('a placeholder is renamed but not deleted', async () => {
    const renamed = await api.save('adgroups', FUNNEL_STAGE, { name: 'Stage', values: [] });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'Stage', db_name: 'funnel_stage', is_placeholder: true });
    const deleted = await api.remove('adgroups', FUNNEL_STAGE);
    expect(deleted.status).toBe(422);
    expect(deleted.body.detail.type).toBe('cluster_column_not_deletable');
    expect(await columnNames(api, 'adgroups')).toEqual(['Stage']);
  });
});

import {
  NUMERIC_OPERATORS,
  TEXT_OPERATORS,
  clusterOperatorLabels,
  type ClusterCategoryResponse,
  type ClusterColumn,
  type ClusterField,
  type ClusterPreviewResponse,
  type ClusterCoverageResponse,
  type WordGroup,
} from '@maya/contracts';
import { json } from '../../../test/api';
import {
  accountRoutes,
  mockRoutes,
  organizationFixture,
  renderApp,
  signIn,
  type ApiCall,
  type RouteHandler,
} from '../../../test/organizationFixtures';

/** Fixtures and an in-memory clustering API for the clusters screens' tests. */
export const acme = organizationFixture({ slug: 'acme', name: 'Acme' });
export const ORG = '/organization/acme';

const operators = (keys: readonly (keyof typeof clusterOperatorLabels)[]) =>
  keys.map((key) => ({ key, value: clusterOperatorLabels[key] }));

export const textField = (id: string, name: string): ClusterField => ({
  id,
  name,
  type: 'other',
  operators: operators(TEXT_OPERATORS),
  column_id: null,
});
export const numericField = (id: string, name: string): ClusterField => ({
  id,
  name,
  type: 'numeric',
  operators: operators(NUMERIC_OPERATORS),
  column_id: null,
});

export const adGroupFields: ClusterField[] = [
  textField('ad_group_name', 'Ad group'),
  textField('campaign_name', 'Campaign'),
  numericField('clicks', 'Clicks'),
];

let counter = 0;
export function uuid(): string {
  counter += 1;
  return `5a1e0000-0000-4000-8000-${String(counter).padStart(12, '0')}`;
}

export function columnFixture(overrides: Partial<ClusterColumn> = {}): ClusterColumn {
  return {
    id: uuid(),
    name: 'Brand',
    db_name: 'brand',
    is_fixed: false,
    is_placeholder: false,
    values: [],
    fields: adGroupFields,
    position: 0,
    ...overrides,
  };
}

export function wordGroupFixture(overrides: Partial<WordGroup> = {}): WordGroup {
  return {
    id: uuid(),
    name: 'Brand terms',
    deletion_protection: false,
    has_references: false,
    terms: ['acme'],
    excludeTerms: [],
    ...overrides,
  };
}

export const CATEGORY_TABS = [
  { id: 'adgroups', label: 'Ad Groups', is_fixed: false },
  { id: 'conversions', label: 'Conversions', is_fixed: false },
  { id: 'urls', label: 'URLs', is_fixed: false },
  { id: 'budget', label: 'Budget', is_fixed: false },
  { id: 'keywords', label: 'Keywords', is_fixed: false },
  { id: 'searchTerms', label: 'Search Terms', is_fixed: false },
  { id: 'word-groups', label: 'Word Groups', is_fixed: true },
] as const;

export type ClusteringState = {
  columns: ClusterColumn[];
  wordGroups: WordGroup[];
  maxColumns: number;
  preview: ClusterPreviewResponse;
  coverage: ClusterCoverageResponse;
};

export function clusteringState(overrides: Partial<ClusteringState> = {}): ClusteringState {
  return {
    columns: [],
    wordGroups: [],
    maxColumns: 10,
    preview: {
      headers: [
        { name: 'Ad group', type: 'other' },
        { name: 'Clicks', type: 'numeric' },
      ],
      data: [['Acme shoes', 12]],
    },
    coverage: {
      total_rows: 10,
      rule_sets: [],
      unmatched: { rows: 10, spend: null, top_values: [] },
    },
    ...overrides,
  };
}

type Overrides = Record<string, RouteHandler>;

const categoryAnswer = (state: ClusteringState): ClusterCategoryResponse => ({
  category: 'adgroups',
  label: 'Ad Groups',
  columns: state.columns,
  fields: adGroupFields,
  max_columns: state.maxColumns,
});

/** The clustering API over `state`, for the adgroups category; `overrides` replace single routes. */
export function clusteringRoutes(
  state: ClusteringState,
  overrides: Overrides = {},
): Record<string, RouteHandler> {
  const columnPath = (id: string) => `/api/clustering/adgroups/columns/${id}`;
  const routes: Record<string, RouteHandler> = {
    ...accountRoutes({ organizations: [acme] }),
    'GET /api/clustering/categories': () =>
      json(200, { categories: CATEGORY_TABS, max_columns: state.maxColumns }),
    'GET /api/clustering/adgroups': () => json(200, categoryAnswer(state)),
    'PUT /api/clustering/adgroups/columns': (call) => {
      const ids = (call.body as { columnIds: string[] }).columnIds;
      state.columns = ids.map((id) => state.columns.find((column) => column.id === id)!);
      return json(200, categoryAnswer(state));
    },
    'GET /api/clustering/wordgroups': () => json(200, { wordgroups: state.wordGroups }),
    'PUT /api/clustering/wordgroups': (call) => {
      const body = call.body as { wordgroups: WordGroup[] };
      state.wordGroups = body.wordgroups.map((group) => ({
        ...group,
        deletion_protection: false,
        has_references: false,
      }));
      return json(200, { wordgroups: state.wordGroups });
    },
    'POST /api/clustering/adgroups/preview': () => json(200, state.preview),
    'POST /api/clustering/adgroups/preview_value': () => json(200, state.preview),
    'POST /api/clustering/adgroups/sql': () => json(200, { sql: 'CASE WHEN 1 THEN 2 END' }),
    'POST /api/clustering/adgroups/coverage': () => json(200, state.coverage),
  };
  for (const column of state.columns) {
    routes[`GET ${columnPath(column.id)}`] = () => {
      const current = state.columns.find((candidate) => candidate.id === column.id);
      return current === undefined
        ? json(404, { detail: { type: 'cluster_column_not_found' } })
        : json(200, current);
    };
    routes[`DELETE ${columnPath(column.id)}`] = () => {
      state.columns = state.columns.filter((candidate) => candidate.id !== column.id);
      return json(200, { success: true });
    };
  }
  return { ...routes, ...overrides };
}

/** Saving a column at `id`: stored in `state` (created or updated). */
export function saveRoute(state: ClusteringState, id: string): Overrides {
  return {
    [`PUT /api/clustering/adgroups/columns/${id}`]: (call) => {
      const body = call.body as Pick<ClusterColumn, 'name' | 'values'>;
      const saved = columnFixture({
        id,
        name: body.name,
        values: body.values,
        position: state.columns.length,
      });
      state.columns = [...state.columns.filter((column) => column.id !== id), saved];
      return json(200, saved);
    },
  };
}

/** Signs in, stubs the API and renders the app at `entry`. */
export function renderClusters(entry: string, state: ClusteringState, overrides: Overrides = {}) {
  signIn();
  const calls = mockRoutes(clusteringRoutes(state, overrides));
  return { ...renderApp(entry), calls };
}

export function callsTo(calls: ApiCall[], method: string, path: string): ApiCall[] {
  return calls.filter((call) => call.method === method && call.path === path);
}

/** A column id the server has no column for: the editor of a new column. */
export function newColumnRoute(id: string): Overrides {
  return {
    [`GET /api/clustering/adgroups/columns/${id}`]: () =>
      json(404, { detail: { type: 'cluster_column_not_found' } }),
  };
}

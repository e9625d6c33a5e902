// The GAQL fields the sandbox serves, what each reads from a row, and the JSON writer compiled once
// per query: a GoogleAdsRow is written by concatenating fixed pieces and field values, with no
// per-row objects or JSON.stringify, so a 10,000-row page costs little more than its bytes.
// https://developers.google.com/google-ads/api/fields/latest/overview
import type { ByteWriter } from './sandbox-bytes';
import type { Row } from './sandbox-metrics';

/** The resources a query may name in FROM. */
export type Resource =
  'customer' | 'customer_client' | 'campaign' | 'ad_group' | 'keyword_view' | 'search_term_view';

/** Where a field comes from: a resource, metrics or segments. */
type Scope = Resource | 'ad_group_criterion' | 'metrics' | 'segments';

/** JSON encodings: int64 travels as a string; enums, dates and resource names need no escaping. */
type Kind = 'int64' | 'double' | 'string' | 'plain' | 'bool';

export type FieldValue = string | number | boolean;

export type FieldDef = {
  name: string;
  scope: Scope;
  /** camelCase path inside the GoogleAdsRow, e.g. ['adGroupCriterion', 'keyword', 'matchType']. */
  path: string[];
  kind: Kind;
  get: (row: Row) => FieldValue;
  /** Precomputed JSON of the value, where the hot path needs it. */
  json?: (row: Row) => string;
  /** Segments usable only with some resources (all metric resources when absent). */
  resources?: Resource[];
};

const camel = (name: string) => name.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());

function must<T>(value: T | null, field: string): T {
  if (value === null) throw new Error(`row has no value for ${field}`);
  return value;
}

const FIELDS = new Map<string, FieldDef>();

function define(name: string, kind: Kind, get: (row: Row) => FieldValue, extra: Partial<FieldDef> = {}) {
  const parts = name.split('.');
  const scope = parts[0] as Scope;
  FIELDS.set(name, { name, scope, path: parts.map(camel), kind, get, ...extra });
}

// customer (the customer the request names)
define('customer.resource_name', 'plain', (r) => r.customer.resourceName);
define('customer.id', 'int64', (r) => r.customer.id);
define('customer.descriptive_name', 'string', (r) => r.customer.name);
define('customer.currency_code', 'plain', (r) => r.customer.currency);
define('customer.time_zone', 'plain', (r) => r.customer.timeZone);
define('customer.manager', 'bool', (r) => r.customer.manager);
define('customer.status', 'plain', (r) => r.customer.status);
define('customer.test_account', 'bool', () => false);

// customer_client (the customer and the accounts below it)
const client = (r: Row) => must(r.client, 'customer_client');
define(
  'customer_client.resource_name',
  'plain',
  (r) => `${r.customer.resourceName}/customerClients/${client(r).id}`,
);
define('customer_client.client_customer', 'plain', (r) => client(r).resourceName);
define('customer_client.id', 'int64', (r) => client(r).id);
define('customer_client.descriptive_name', 'string', (r) => client(r).name);
define('customer_client.currency_code', 'plain', (r) => client(r).currency);
define('customer_client.time_zone', 'plain', (r) => client(r).timeZone);
define('customer_client.manager', 'bool', (r) => client(r).manager);
define('customer_client.level', 'int64', (r) => r.level);
define('customer_client.status', 'plain', (r) => client(r).status);
define('customer_client.hidden', 'bool', () => false);
define('customer_client.test_account', 'bool', () => false);

// campaign
const campaign = (r: Row) => must(r.campaign, 'campaign');
define('campaign.resource_name', 'plain', (r) => campaign(r).resourceName);
define('campaign.id', 'int64', (r) => campaign(r).id);
define('campaign.name', 'string', (r) => campaign(r).name);
define('campaign.status', 'plain', (r) => campaign(r).status);
define('campaign.advertising_channel_type', 'plain', (r) => campaign(r).channel);

// ad_group
const adGroup = (r: Row) => must(r.adGroup, 'ad_group');
define('ad_group.resource_name', 'plain', (r) => adGroup(r).resourceName);
define('ad_group.id', 'int64', (r) => adGroup(r).id);
define('ad_group.name', 'string', (r) => adGroup(r).name);
define('ad_group.status', 'plain', (r) => adGroup(r).status);
define('ad_group.type', 'plain', (r) => adGroup(r).type);
define('ad_group.campaign', 'plain', (r) => adGroup(r).campaign.resourceName);

// ad_group_criterion and keyword_view
const keyword = (r: Row) => must(r.keyword, 'ad_group_criterion');
define('ad_group_criterion.resource_name', 'plain', (r) => keyword(r).resourceName);
define('ad_group_criterion.criterion_id', 'int64', (r) => keyword(r).criterionId);
define('ad_group_criterion.keyword.text', 'string', (r) => keyword(r).text);
define('ad_group_criterion.keyword.match_type', 'plain', (r) => keyword(r).matchType);
define('ad_group_criterion.status', 'plain', (r) => keyword(r).status);
define('ad_group_criterion.type', 'plain', () => 'KEYWORD');
define('keyword_view.resource_name', 'plain', (r) => keyword(r).viewResourceName);

// search_term_view
const term = (r: Row) => must(r.term, 'search_term_view');
define('search_term_view.resource_name', 'plain', (r) => term(r).resourceName);
define('search_term_view.search_term', 'string', (r) => term(r).text, { json: (r) => term(r).textJson });
define('search_term_view.ad_group', 'plain', (r) => adGroup(r).resourceName);
define('search_term_view.status', 'plain', () => 'NONE');

// segments
const action = (r: Row) => must(r.action, 'conversion action');
const METRIC_RESOURCES: Resource[] = ['customer', 'campaign', 'ad_group', 'keyword_view', 'search_term_view'];
define('segments.date', 'plain', (r) => must(r.date, 'segments.date'), { resources: METRIC_RESOURCES });
define('segments.search_term_match_type', 'plain', (r) => term(r).matchType, {
  resources: ['search_term_view'],
});
const ACTION_RESOURCES: Resource[] = ['customer', 'campaign'];
define('segments.conversion_action', 'plain', (r) => action(r).resourceName, { resources: ACTION_RESOURCES });
define('segments.conversion_action_name', 'string', (r) => action(r).name, { resources: ACTION_RESOURCES });
define('segments.conversion_action_category', 'plain', (r) => action(r).category, {
  resources: ACTION_RESOURCES,
});

// metrics
define('metrics.impressions', 'int64', (r) => r.impressions);
define('metrics.clicks', 'int64', (r) => r.clicks);
define('metrics.cost_micros', 'int64', (r) => r.costMicros);
define('metrics.conversions', 'double', (r) => r.conversions);
define('metrics.conversions_value', 'double', (r) => r.conversionsValue);
define('metrics.all_conversions', 'double', (r) => r.conversions);
define('metrics.ctr', 'double', (r) => (r.impressions === 0 ? 0 : r.clicks / r.impressions));
define('metrics.average_cpc', 'double', (r) => (r.clicks === 0 ? 0 : r.costMicros / r.clicks));

export function fieldDef(name: string): FieldDef | null {
  return FIELDS.get(name) ?? null;
}

/** Fields a segment by conversion action may be selected with (Google refuses the others). */
export const CONVERSION_METRICS = new Set([
  'metrics.conversions',
  'metrics.conversions_value',
  'metrics.all_conversions',
]);

/** The resources whose fields a query FROM `from` may select, besides metrics and segments. */
export const ATTRIBUTED: Record<Resource, Scope[]> = {
  customer: ['customer'],
  customer_client: ['customer_client', 'customer'],
  campaign: ['campaign', 'customer'],
  ad_group: ['ad_group', 'campaign', 'customer'],
  keyword_view: ['keyword_view', 'ad_group_criterion', 'ad_group', 'campaign', 'customer'],
  search_term_view: ['search_term_view', 'ad_group', 'campaign', 'customer'],
};

export function isResource(name: string): name is Resource {
  return Object.hasOwn(ATTRIBUTED, name);
}

type Encode = (row: Row) => string;

function encoder(def: FieldDef): Encode {
  if (def.json) return def.json;
  const get = def.get;
  switch (def.kind) {
    case 'int64':
    case 'plain':
      return (row) => `"${get(row)}"`;
    case 'double':
      return (row) => String(get(row));
    case 'string':
      return (row) => JSON.stringify(get(row));
    case 'bool':
      return (row) => (get(row) ? 'true' : 'false');
    default:
      throw new Error(`unknown kind ${String(def.kind satisfies never)}`);
  }
}

/** Values that change from row to row of the same entities; every other field is fixed per entity. */
const isDynamic = (def: FieldDef) => def.scope === 'metrics' || def.name === 'segments.date';

type Step = (row: Row, out: ByteWriter) => void;

/** A changing value straight into the page's bytes. */
function byteEncoder(def: FieldDef): Step {
  const get = def.get;
  switch (def.kind) {
    case 'int64':
      return (row, out) => {
        const value = get(row);
        if (typeof value === 'number') out.quotedInteger(value);
        else out.ascii(`"${String(value)}"`);
      };
    case 'double':
      return (row, out) => out.number(Number(get(row)));
    case 'plain':
      return (row, out) => out.ascii(`"${String(get(row))}"`);
    case 'string':
      return (row, out) => out.bytes(Buffer.from(JSON.stringify(get(row))));
    case 'bool':
      return (row, out) => out.ascii(get(row) ? 'true' : 'false');
    default:
      throw new Error(`unknown kind ${String(def.kind satisfies never)}`);
  }
}

type Tree = Map<string, FieldDef | Tree>;

function insert(tree: Tree, path: string[], def: FieldDef): void {
  const [head, ...rest] = path;
  if (head === undefined) return;
  if (rest.length === 0) {
    tree.set(head, def);
    return;
  }
  let child = tree.get(head);
  if (!(child instanceof Map)) {
    child = new Map();
    tree.set(head, child);
  }
  insert(child, rest, def);
}

function pieces(tree: Tree, out: (string | FieldDef)[]): void {
  out.push('{');
  let first = true;
  for (const [key, node] of tree) {
    out.push(`${first ? '' : ','}"${key}":`);
    first = false;
    if (node instanceof Map) pieces(node, out);
    else out.push(node);
  }
  out.push('}');
}

const NO_ACTION = {};

/**
 * The JSON of a run of fixed pieces, computed once per entity of the query: a row is then a few
 * cached texts and its metric values.
 */
function perEntity(run: (string | FieldDef)[]): Step {
  const steps = run.map((piece) => (typeof piece === 'string' ? () => piece : encoder(piece)));
  const cache = new Map<object, Map<object, Uint8Array>>();
  return (row, out) => {
    const entity = row.term ?? row.keyword ?? row.adGroup ?? row.campaign ?? row.client ?? row.customer;
    const action = row.action ?? NO_ACTION;
    let texts = cache.get(action);
    if (!texts) cache.set(action, (texts = new Map<object, Uint8Array>()));
    let bytes = texts.get(entity);
    if (bytes === undefined) {
      bytes = Buffer.from(steps.map((step) => step(row)).join(''));
      texts.set(entity, bytes);
    }
    out.bytes(bytes);
  };
}

export type RowWriter = { fieldMask: string; write: (row: Row, out: ByteWriter) => void };

/**
 * The writer of a query's rows: the selected fields nested as Google nests them, each resource
 * object with its `resourceName` first (the FROM resource's always), as the API returns them.
 * A row goes into the page's bytes as a few cached pieces and its metric values.
 */
export function rowWriter(from: Resource, selected: FieldDef[]): RowWriter {
  const tree: Tree = new Map();
  const withName = (scope: Scope) => {
    const named = fieldDef(`${scope}.resource_name`);
    if (named && !tree.has(named.path[0] ?? '')) insert(tree, named.path, named);
  };
  withName(from);
  for (const def of selected) {
    if (def.scope !== 'metrics' && def.scope !== 'segments') withName(def.scope);
    insert(tree, def.path, def);
  }
  const flat: (string | FieldDef)[] = [];
  pieces(tree, flat);
  const steps: Step[] = [];
  let run: (string | FieldDef)[] = [];
  const close = () => {
    if (run.length === 0) return;
    if (run.every((piece) => typeof piece === 'string')) {
      const bytes = Buffer.from(run.join(''));
      steps.push((_row, out) => out.bytes(bytes));
    } else steps.push(perEntity(run));
    run = [];
  };
  for (const piece of flat) {
    if (typeof piece !== 'string' && isDynamic(piece)) {
      close();
      steps.push(byteEncoder(piece));
    } else run.push(piece);
  }
  close();
  return {
    fieldMask: selected.map((def) => def.path.join('.')).join(','),
    write(row, out) {
      for (const step of steps) step(row, out);
    },
  };
}

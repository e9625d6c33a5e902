// Values for the fuzz test, from the JSON schemas of openapi.json: a plausible value for every
// field, and values each refused whatever the rest of the request says. Nothing is random.

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  propertyNames?: JsonSchema;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  nullable?: boolean;
};

/** What a plausible request fills in: the caller's organization where one is named. */
export type Context = { organizationId: string };

export const SOME_UUID = 'f3f0c3f6-2d0b-4c57-9a54-5f0d3c1b8e21';

// ---- plausible values ----------------------------------------------------------------------

const STRING_CANDIDATES = [
  'fuzz',
  'fuzz@example.com',
  'Ada',
  'example.com',
  'overview',
  '-maya',
  SOME_UUID,
  '2024-01-01',
  '2024-01-01T00:00:00.000Z',
  'unread',
];

function plausibleString(schema: JsonSchema): string {
  if (schema.format === 'uuid') return SOME_UUID;
  if (schema.format === 'email') return 'fuzz@example.com';
  if (schema.format === 'date-time') return '2024-01-01T00:00:00.000Z';
  if (schema.format === 'date') return '2024-01-01';
  if (schema.format === 'uri') return 'https://example.com/';
  const fits = (value: string) =>
    value.length >= (schema.minLength ?? 0) &&
    value.length <= (schema.maxLength ?? Infinity) &&
    (!schema.pattern || new RegExp(schema.pattern, 'u').test(value));
  const found = STRING_CANDIDATES.find(fits);
  if (found) return found;
  return 'f'.repeat(Math.max(schema.minLength ?? 1, 1));
}

/** The first alternative of a union that is not null, and the object of an allOf merged. */
export function resolve(schema: JsonSchema): JsonSchema {
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) {
    const chosen = alternatives.find((s) => s.type !== 'null') ?? alternatives[0]!;
    return resolve(chosen);
  }
  if (schema.allOf) {
    return schema.allOf.map(resolve).reduce<JsonSchema>(
      (merged, part) => ({
        ...merged,
        ...part,
        properties: { ...merged.properties, ...part.properties },
        required: [...(merged.required ?? []), ...(part.required ?? [])],
      }),
      {},
    );
  }
  return schema;
}

type SchemaType = 'string' | 'integer' | 'number' | 'boolean' | 'array' | 'object' | 'enum' | 'other';

export function typeOf(schema: JsonSchema): SchemaType {
  const s = resolve(schema);
  if (s.enum || s.const !== undefined) return 'enum';
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
  const known = ['string', 'integer', 'number', 'boolean', 'array', 'object'] as const;
  const found = known.find((k) => k === type);
  if (found) return found;
  return s.properties ? 'object' : 'other';
}

export function plausible(schema: JsonSchema, name: string, context: Context): unknown {
  const s = resolve(schema);
  if (name === 'organization_id') return context.organizationId;
  if (s.const !== undefined) return s.const;
  if (s.enum) return s.enum.find((v) => v !== null) ?? null;
  switch (typeOf(s)) {
    case 'string':
      return plausibleString(s);
    case 'integer':
    case 'number':
      return Math.max(s.minimum ?? 1, Math.min(1, s.maximum ?? 1));
    case 'boolean':
      return false;
    case 'array':
      return Array.from({ length: Math.max(s.minItems ?? 1, 1) }, () =>
        plausible(s.items ?? {}, `${name}[]`, context),
      );
    case 'object': {
      const entries = Object.entries(s.properties ?? {}).map(([key, child]) => [
        key,
        plausible(child, key, context),
      ]);
      return Object.fromEntries(entries);
    }
    case 'enum':
    case 'other':
      return 'fuzz';
  }
}

// ---- invalid values ------------------------------------------------------------------------

export const NUL = '\u0000';

/** A value past anything a field or the default body limit takes. */
export const OVERSIZED = 'x'.repeat(100_000);

/** Arrays nested deeper than any schema of the API goes (JSON.parse copes; recursion may not). */
export function deeplyNested(depth: number): unknown {
  let value: unknown = [];
  for (let i = 0; i < depth; i += 1) value = [value];
  return value;
}

/** The JSON types a schema takes, over all the alternatives of a union. */
function acceptedTypes(schema: JsonSchema): Set<string> {
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return new Set(alternatives.flatMap((s) => [...acceptedTypes(s)]));
  const types = new Set<string>([schema.type ?? []].flat());
  if (schema.nullable) types.add('null');
  if (types.has('integer')) types.add('number');
  if (schema.enum) for (const value of schema.enum) types.add(jsonType(value));
  if (types.size === 0) return new Set(['any']);
  return types;
}

function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value === 'object' ? 'object' : typeof value;
}

/** Values the schema refuses: another JSON type, or its own type past its bounds. */
export function wrongTypes(schema: JsonSchema): [string, unknown][] {
  const accepted = acceptedTypes(schema);
  if (accepted.has('any')) return [];
  return candidates(schema).filter(([label, value]) =>
    ['huge', 'negative huge', 'unsafe integer', 'fraction', 'below minimum', 'not in enum'].includes(label)
      ? true
      : !accepted.has(jsonType(value)),
  );
}

function candidates(schema: JsonSchema): [string, unknown][] {
  const type = typeOf(schema);
  const base: [string, unknown][] = [['null', null]];
  switch (type) {
    case 'string':
      return [...base, ['number', 12345], ['object', { a: 1 }], ['array', ['a']], ['boolean', true]];
    case 'integer':
    case 'number': {
      const { minimum, maximum } = resolve(schema);
      const out: [string, unknown][] = [...base, ['string', 'not a number'], ['boolean', true]];
      if (type === 'integer') out.push(['fraction', 1.5], ['unsafe integer', 2 ** 63]);
      if (maximum !== undefined) out.push(['huge', 1e300]);
      if (minimum !== undefined) out.push(['negative huge', -1e300], ['below minimum', minimum - 1]);
      return out;
    }
    case 'boolean':
      return [...base, ['string', 'yes'], ['number', 1]];
    case 'array':
      return [...base, ['object', { a: 1 }], ['string', 'a'], ['deep', deeplyNested(3_000)]];
    case 'object':
      return [...base, ['array', [1, 2]], ['string', 'a'], ['deep', deeplyNested(3_000)]];
    case 'enum':
      return [...base, ['not in enum', 'not-a-member-of-the-enum'], ['object', { a: 1 }]];
    case 'other':
      return [];
  }
}

/** Half a surrogate pair: not a Unicode character, so not text any database column can keep. */
export function withLoneSurrogate(value: unknown): string {
  const text = typeof value === 'string' && value.length > 0 ? value : 'ab';
  return `${text.slice(0, 1)}\ud800${text.slice(1)}`;
}

/**
 * Fields that name something stored (ids, tokens, cursors, states, codes): a value their schema
 * takes that names nothing. Such a request passes validation and must be refused further in.
 */
const REFERENCE = /(?:^|_)(?:id|uuid|token|cursor|state|code|slug)$|(?:Id|Uuid|UUID)$/;
export function danglingReference(name: string, schema: JsonSchema): string | null {
  if (!REFERENCE.test(name) || typeOf(schema) !== 'string') return null;
  const s = resolve(schema);
  const candidates =
    s.format === 'uuid'
      ? ['0b7b6c1e-5d3a-4f7e-8a8a-2b9c3d4e5f60']
      : ['nothing-by-this-name', 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', 'abc'];
  return (
    candidates.find(
      (value) =>
        value.length >= (s.minLength ?? 0) &&
        value.length <= (s.maxLength ?? Infinity) &&
        (!s.pattern || new RegExp(s.pattern, 'u').test(value)),
    ) ?? null
  );
}

/**
 * Values of a format that a loose pattern lets through but that nothing downstream can take: an
 * address no mail server accepts, a year PostgreSQL has no day of.
 */
export function edgeValues(schema: JsonSchema): [string, string][] {
  const s = resolve(schema);
  const fits = (value: string) =>
    value.length <= (s.maxLength ?? Infinity) && (!s.pattern || new RegExp(s.pattern, 'u').test(value));
  const byFormat: [string, string][] =
    s.format === 'email' || s.pattern === '^\\S+@\\S+$'
      ? [
          ['two at signs', 'a@b@example.com'],
          ['empty domain label', 'a@example..com'],
          ['dot at the start', '.a@example.com'],
          ['local part over 64', `${'a'.repeat(65)}@example.com`],
        ]
      : s.format === 'date-time' || s.format === 'date'
        ? [
            ['year zero', s.format === 'date' ? '0000-01-01' : '0000-01-01T00:00:00.000Z'],
            ['year 9999', s.format === 'date' ? '9999-12-31' : '9999-12-31T23:59:59.999Z'],
          ]
        : [];
  return byFormat.filter(([, value]) => fits(value));
}

/** Strings that still match most patterns, with a NUL inside (`\S` matches U+0000). */
export function withNul(value: unknown): string {
  const text = typeof value === 'string' && value.length > 0 ? value : 'ab';
  return `${text.slice(0, 1)}${NUL}${text.slice(1)}`;
}

type Leaf = { path: (string | number)[]; schema: JsonSchema; required: boolean };

/** The fields of a plausible body, each with its schema, down to `depth` levels. */
export function leaves(schema: JsonSchema, value: unknown, path: (string | number)[], depth = 5): Leaf[] {
  const s = resolve(schema);
  const here: Leaf[] = [];
  if (depth === 0) return here;
  if (typeOf(s) === 'object' && value && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, child] of Object.entries(s.properties ?? {})) {
      here.push({ path: [...path, key], schema: child, required: (s.required ?? []).includes(key) });
      here.push(...leaves(child, (value as Record<string, unknown>)[key], [...path, key], depth - 1));
    }
  }
  if (typeOf(s) === 'array' && Array.isArray(value) && value.length > 0 && s.items) {
    here.push({ path: [...path, 0], schema: s.items, required: true });
    here.push(...leaves(s.items, value[0], [...path, 0], depth - 1));
  }
  return here;
}

/** Put in place of a value to leave the field out. */
export const REMOVE = Symbol('remove');

export function setAt(root: unknown, path: (string | number)[], value: unknown): unknown {
  const copy = structuredClone(root) as Record<string | number, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  const last = path.at(-1)!;
  if (value === REMOVE) delete node[last];
  else node[last] = value;
  return copy;
}
export function getAt(root: unknown, path: (string | number)[]): unknown {
  return path.reduce<unknown>((node, key) => (node as Record<string | number, unknown>)?.[key], root);
}

// Requests built from openapi.json for the fuzz test: for every API operation a plausible request
// (every field filled from its schema) and then, one at a time, mutations that each make that
// request invalid whatever the rest of it says: a NUL character, a wrong type, a required field
// left out, a value past its bounds, nesting no schema allows, a body that is not JSON, the wrong
// content type. Nothing is random: the same openapi.json gives the same requests on every run.
import { readFileSync } from 'node:fs';
import {
  danglingReference,
  edgeValues,
  getAt,
  leaves,
  NUL,
  OVERSIZED,
  plausible,
  REMOVE,
  resolve,
  setAt,
  SOME_UUID,
  typeOf,
  withLoneSurrogate,
  withNul,
  wrongTypes,
  type Context,
  type JsonSchema,
} from './fuzz-values';

type Parameter = { name: string; in: 'path' | 'query' | 'header'; required?: boolean; schema: JsonSchema };

export type Operation = {
  method: string;
  /** The OpenAPI path, `{name}` for path parameters. */
  path: string;
  parameters: Parameter[];
  body: JsonSchema | null;
};

export type FuzzRequest = {
  operation: string;
  mutation: string;
  method: string;
  /** Path and query, already percent-encoded. */
  url: string;
  headers: Record<string, string>;
  body?: string;
};

/** Every operation of the API (not the sandbox providers, not the docs). */
export function apiOperations(openapiFile: string): Operation[] {
  const document = JSON.parse(readFileSync(openapiFile, 'utf8')) as {
    paths: Record<string, Record<string, { parameters?: Parameter[]; requestBody?: RequestBody }>>;
  };
  type RequestBody = { content: Record<string, { schema: JsonSchema }> };
  return Object.entries(document.paths)
    .filter(([path]) => path.startsWith('/api/') && !path.startsWith('/api/docs'))
    .flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({
        method: method.toUpperCase(),
        path,
        parameters: operation.parameters ?? [],
        body: operation.requestBody?.content['application/json']?.schema ?? null,
      })),
    );
}

// ---- requests ------------------------------------------------------------------------------

/** Invalid values for a path segment, percent-encoded. */
const PATH_VALUES: [string, string][] = [
  ['NUL', 'a%00b'],
  ['only NUL', '%00'],
  ['lone surrogate', 'a%ED%A0%80b'],
  ['dangling reference', 'nothing-by-this-name'],
  ['very long', 'x'.repeat(5_000)],
  ['not a uuid', 'not-a-uuid'],
  ['bad percent-encoding', '%E0%A4%A'],
  ['SQL', encodeURIComponent("'; DROP TABLE users; --")],
  ['emoji', encodeURIComponent('💩')],
  ['uuid-like, too long', `${SOME_UUID}0`],
];

/** Invalid values for a query parameter, percent-encoded, by the parameter's type. */
function queryValues(schema: JsonSchema): [string, string][] {
  const values: [string, string][] = [
    ['NUL', 'a%00b'],
    ['lone surrogate', 'a%ED%A0%80b'],
    ['very long', 'x'.repeat(5_000)],
  ];
  const type = typeOf(schema);
  if (type === 'integer' || type === 'number')
    values.push(['not a number', 'abc'], ['huge', '1e309'], ['negative', '-99999999999999999999']);
  else if (type === 'enum') values.push(['not in enum', 'bogus']);
  else if (resolve(schema).format === 'uuid' || resolve(schema).pattern)
    values.push(['off pattern', 'not%20valid%20%F0%9F%92%A9']);
  return values;
}

/** Headers a client controls, broken; each with a body that is not JSON for a JSON content type. */
const HEADER_MUTATIONS: [string, Record<string, string>][] = [
  ['malformed cookie', { cookie: 'maya_refresh=%E0%A4%A; user_id=%00' }],
  ['garbage refresh cookie', { cookie: `maya_refresh=${'x'.repeat(4_000)}` }],
  ['JSON in another charset', { 'content-type': 'application/json; charset=utf-16' }],
  ['request id with odd characters', { 'x-request-id': '../../etc/passwd' }],
];

function query(params: [string, string][]): string {
  return params.length ? `?${params.map(([k, v]) => `${k}=${v}`).join('&')}` : '';
}

/** Every mutated request of one operation. */
export function mutatedRequests(operation: Operation, context: Context): FuzzRequest[] {
  const name = `${operation.method} ${operation.path}`;
  const pathParams = operation.parameters.filter((p) => p.in === 'path');
  const queryParams = operation.parameters.filter((p) => p.in === 'query');
  const pathValue = (p: Parameter) =>
    encodeURIComponent(
      String(
        operation.path.startsWith('/api/organizations/{id}') && p.name === 'id'
          ? context.organizationId
          : plausible(p.schema, p.name, context),
      ),
    );
  const buildPath = (override: Record<string, string> = {}) =>
    operation.path.replace(/\{([^}]+)\}/g, (_, key: string) => {
      const param = pathParams.find((p) => p.name === key)!;
      return override[key] ?? pathValue(param);
    });
  const baseQuery: [string, string][] = queryParams.map((p) => [
    p.name,
    encodeURIComponent(String(plausible(p.schema, p.name, context))),
  ]);
  const baseBody = operation.body ? plausible(operation.body, 'body', context) : undefined;
  const json = { 'content-type': 'application/json' };
  const hasBody = !['GET', 'HEAD', 'DELETE'].includes(operation.method);
  const request = (
    mutation: string,
    parts: {
      path?: string;
      query?: [string, string][];
      body?: string | null;
      headers?: Record<string, string>;
    },
  ): FuzzRequest => {
    const body =
      parts.body === null
        ? undefined
        : (parts.body ?? (baseBody === undefined ? undefined : JSON.stringify(baseBody)));
    return {
      operation: name,
      mutation,
      method: operation.method,
      url: `${parts.path ?? buildPath()}${query(parts.query ?? baseQuery)}`,
      headers: parts.headers ?? (hasBody && body !== undefined ? json : {}),
      ...(hasBody && body !== undefined ? { body } : {}),
    };
  };
  const out: FuzzRequest[] = [];

  for (const param of pathParams)
    for (const [label, value] of PATH_VALUES)
      out.push(request(`path ${param.name}: ${label}`, { path: buildPath({ [param.name]: value }) }));

  for (const param of queryParams) {
    const others = baseQuery.filter(([key]) => key !== param.name);
    for (const [label, value] of queryValues(param.schema))
      out.push(request(`query ${param.name}: ${label}`, { query: [...others, [param.name, value]] }));
    out.push(
      request(`query ${param.name}: repeated with a NUL`, {
        query: [...baseQuery, [param.name, 'a%00b']],
      }),
    );
    if (param.required) out.push(request(`query ${param.name}: missing`, { query: others }));
    for (const [label, value] of edgeValues(param.schema))
      out.push(
        request(`query ${param.name}: ${label}`, {
          query: [...others, [param.name, encodeURIComponent(value)]],
        }),
      );
    const reference = danglingReference(param.name, param.schema);
    if (reference !== null)
      out.push(
        request(`query ${param.name}: dangling reference`, {
          query: [...others, [param.name, encodeURIComponent(reference)]],
        }),
      );
  }
  out.push(request('query: unknown parameter with a NUL', { query: [...baseQuery, ['zz', 'a%00b']] }));
  out.push(
    request('query: longer than the header limit', { query: [...baseQuery, ['zz', 'x'.repeat(100_000)]] }),
  );
  // With a body schema, the body is made unparsable too so that the request stays a refused one;
  // a DELETE without one gets a NUL in its query (only GETs and the cookie's POSTs go as they are).
  for (const [label, headers] of HEADER_MUTATIONS)
    out.push(
      request(`header: ${label}`, {
        headers: operation.body ? { 'content-type': 'application/json', ...headers } : headers,
        body: operation.body ? 'a' : null,
        ...(operation.method === 'DELETE' ? { query: [...baseQuery, ['zz', 'a%00b']] } : {}),
      }),
    );
  if (hasBody) out.push(...bodyMutations(operation, baseBody, request));
  return out;
}

function bodyMutations(
  operation: Operation,
  baseBody: unknown,
  request: (
    mutation: string,
    parts: { body?: string | null; headers?: Record<string, string> },
  ) => FuzzRequest,
): FuzzRequest[] {
  const out: FuzzRequest[] = [];
  const json = { 'content-type': 'application/json' };
  const text = JSON.stringify(baseBody ?? {});
  // A route without a body schema ignores a body it can parse: only unparsable ones are refused.
  out.push(
    request('body: invalid JSON', { body: '{"a": ', headers: json }),
    request('body: unknown content type', { body: text, headers: { 'content-type': 'application/x-fuzz' } }),
    request('body: prototype pollution', { body: '{"__proto__": {"admin": true}}', headers: json }),
    request('body: constructor pollution', {
      body: '{"constructor": {"prototype": {"admin": true}}}',
      headers: json,
    }),
    request('body: over 64 kB, nothing the schema asks for', {
      body: JSON.stringify({ padding: OVERSIZED }),
      headers: json,
    }),
  );
  if (!operation.body) return out;
  out.push(
    request('body: empty with a JSON content type', { body: '', headers: json }),
    request('body: text/plain', { body: text, headers: { 'content-type': 'text/plain' } }),
    request('body: form-encoded', {
      body: 'a=1',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    }),
    request('body: deeply nested', { body: `${'['.repeat(20_000)}${']'.repeat(20_000)}`, headers: json }),
  );

  const bodyType = typeOf(operation.body);
  for (const [label, value] of [
    ['array', [1]],
    ['null', null],
    ['string', 'a'],
    ['number', 1],
  ] as const)
    if (label !== bodyType)
      out.push(request(`body: a JSON ${label}`, { body: JSON.stringify(value), headers: json }));

  const send = (mutation: string, body: unknown) =>
    out.push(request(mutation, { body: JSON.stringify(body), headers: json }));
  for (const leaf of leaves(operation.body, baseBody, [])) {
    const at = leaf.path.join('.');
    const current = getAt(baseBody, leaf.path);
    if (leaf.required) send(`body ${at}: missing`, setAt(baseBody, leaf.path, REMOVE));
    for (const [label, value] of wrongTypes(leaf.schema))
      send(`body ${at}: ${label}`, setAt(baseBody, leaf.path, value));
    if (typeOf(leaf.schema) === 'string' || typeOf(leaf.schema) === 'enum') {
      send(`body ${at}: NUL`, setAt(baseBody, leaf.path, withNul(current)));
      send(`body ${at}: lone surrogate`, setAt(baseBody, leaf.path, withLoneSurrogate(current)));
      send(`body ${at}: oversized`, setAt(baseBody, leaf.path, OVERSIZED));
    }
    const reference = danglingReference(String(leaf.path.at(-1)), leaf.schema);
    if (reference !== null) send(`body ${at}: dangling reference`, setAt(baseBody, leaf.path, reference));
    for (const [label, value] of edgeValues(leaf.schema))
      send(`body ${at}: ${label}`, setAt(baseBody, leaf.path, value));
    if (typeOf(leaf.schema) === 'object' && current && typeof current === 'object')
      send(`body ${at}: key with a NUL`, setAt(baseBody, leaf.path, { ...current, [`a${NUL}b`]: 'x' }));
  }
  if (baseBody && typeof baseBody === 'object' && !Array.isArray(baseBody))
    send('body: unknown key with a NUL value', { ...baseBody, zz: `a${NUL}b` });
  return out;
}

import { describe, expect, it } from 'vitest';
import { expectWarehouseError } from '../testing/fixtures';
import type { DatabricksRequest } from './databricks-client';
import { mapDatabricksError } from './databricks-errors';
import { type Answer, config, fakeClient } from './databricks-fixture';
import { openDatabricksWarehouse } from './databricks-warehouse';

/**
 * The adapter's queries through a stand-in for the official driver: the check before each one,
 * its parameters, its row cap, its time limit, and how Databricks errors map to the interface's.
 */

describe('Databricks adapter', () => {
  it('runs a query after DESCRIBE QUERY accepts it, typed by its description, capped', async () => {
    const fake = fakeClient([
      [
        /^DESCRIBE QUERY SELECT id/,
        [
          { col_name: 'id', data_type: 'string' },
          { col_name: 'n', data_type: 'bigint' },
          { col_name: 'j', data_type: 'variant' },
        ],
      ],
      [/^DESCRIBE QUERY/, new Error('[PARSE_SYNTAX_ERROR] Syntax error at or near DROP')],
      [
        /^SELECT/,
        [
          { id: 'a', n: 1n, j: '{"k":1}' },
          { id: 'b', n: 2n, j: null },
          { id: 'c', n: 3n, j: null },
        ],
      ],
    ]);
    const wh = await openDatabricksWarehouse(config, { client: fake.client });
    const result = await wh.query(
      'SELECT id, n, j FROM ads.c WHERE day = $day',
      { day: '2024-01-01' },
      { timeoutMs: 5_000, maxRows: 2 },
    );
    expect(result).toEqual({
      columns: [
        { name: 'id', type: 'string' },
        { name: 'n', type: 'bigint' },
        { name: 'j', type: 'json' },
      ],
      rows: [
        { id: 'a', n: 1, j: { k: 1 } },
        { id: 'b', n: 2, j: null },
      ],
      truncated: true,
    });
    const [describeQuery, run] = fake.sent.slice(1);
    expect(describeQuery).toMatchObject({
      sql: 'DESCRIBE QUERY SELECT id, n, j FROM ads.c WHERE day = :day',
    });
    expect(run).toMatchObject({
      sql: 'SELECT id, n, j FROM ads.c WHERE day = :day',
      maxRows: 3,
      params: { day: { type: 'STRING', value: '2024-01-01' } },
    });
    await expectWarehouseError(
      wh.query('SELECT 1; DROP TABLE ads.c', [], { timeoutMs: 1_000 }),
      'read_only_violation',
    );
    await expectWarehouseError(
      wh.query('UPDATE ads.c SET n = 1', [], { timeoutMs: 1_000 }),
      'read_only_violation',
    );
    await expectWarehouseError(wh.query('SELECT $1', [['a']], { timeoutMs: 1_000 }), 'invalid_parameter');
  });

  it('cancels a query at its time limit, and running queries when closed', async () => {
    const hang = (request: DatabricksRequest) =>
      new Promise<Answer>((_, reject) =>
        request.signal?.addEventListener('abort', () => reject(new Error('Operation canceled'))),
      );
    const fake = fakeClient([
      [/^DESCRIBE QUERY/, []],
      [/^SELECT/, hang],
    ]);
    const wh = await openDatabricksWarehouse(config, { client: fake.client });
    await expectWarehouseError(wh.query('SELECT 1', [], { timeoutMs: 20 }), 'query_timeout');
    const running = wh.query('SELECT 2', [], { timeoutMs: 60_000 });
    await new Promise((resolve) => setImmediate(resolve));
    await wh.close();
    expect((await expectWarehouseError(running, 'engine_error')).message).toContain('closed');
    await expectWarehouseError(wh.listTables('ads'), 'engine_error');
  });

  it('maps Databricks errors to the interface types', () => {
    const cases: [Error, 'query' | 'write', string][] = [
      [new Error('[UNBOUND_SQL_PARAMETER] Found the unbound parameter: x.'), 'query', 'invalid_parameter'],
      [new Error('[CAST_INVALID_INPUT] The value cannot be cast'), 'write', 'schema_mismatch'],
      [
        new Error('[DELTA_MULTIPLE_SOURCE_ROW_MATCHING_TARGET_ROW_IN_MERGE] Cannot perform Merge'),
        'write',
        'schema_mismatch',
      ],
      [
        new Error('[TABLE_OR_VIEW_NOT_FOUND] The table or view `x` cannot be found.'),
        'query',
        'engine_error',
      ],
      [
        Object.assign(new Error('AADSTS7000215: Invalid client secret provided.'), {
          name: 'AzureSignInError',
        }),
        'write',
        'engine_error',
      ],
    ];
    for (const [error, context, type] of cases) {
      expect([error.message, mapDatabricksError(error, context).type]).toEqual([error.message, type]);
    }
    expect(mapDatabricksError(new Error('Request failed with status code 401'), 'write').message).toMatch(
      /service principal/,
    );
  });
});

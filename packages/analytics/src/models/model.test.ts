import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDuckDbWarehouse } from '@maya/warehouse';
import type { Warehouse } from '@maya/warehouse/interface';
import { CANONICAL_MODELS } from './catalog';
import type { SqlDialect } from './dialect';
import {
  checkModel,
  modelContext,
  modelReads,
  modelSql,
  modelTable,
  quoteTemplate,
  type CanonicalModel,
} from './model';
import { currencyExponent, minorUnitsSql } from './money';

const DIALECTS: readonly SqlDialect[] = ['duckdb', 'postgres', 'bigquery', 'databricks'];
const everyRawTable = new Set(
  CANONICAL_MODELS.flatMap((m) => m.sources.flatMap((s) => [...s.reads, ...(s.optional ?? [])])),
);
const context = (
  model: CanonicalModel,
  dialect: SqlDialect,
  rawTables: ReadonlySet<string> = everyRawTable,
) => modelContext(model, { dialect, rawSchema: 'raw', modelSchema: 'analytics', rawTables });

describe('model SQL', () => {
  it('quotes template identifiers in each dialect', () => {
    const template = 'SELECT {x.date}, {clicks} FROM t AS {x}';
    expect(quoteTemplate('duckdb', template)).toBe('SELECT "x"."date", "clicks" FROM t AS "x"');
    expect(quoteTemplate('postgres', template)).toBe('SELECT "x"."date", "clicks" FROM t AS "x"');
    expect(quoteTemplate('bigquery', template)).toBe('SELECT `x`.`date`, `clicks` FROM t AS `x`');
    expect(quoteTemplate('databricks', template)).toBe('SELECT `x`.`date`, `clicks` FROM t AS `x`');
  });

  it("writes every canonical model in each engine's quoting and types", () => {
    for (const model of CANONICAL_MODELS) {
      for (const dialect of DIALECTS) {
        const sql = modelSql(model, context(model, dialect));
        if (dialect === 'bigquery' || dialect === 'databricks') {
          expect([model.name, dialect, sql.includes('"')]).toEqual([model.name, dialect, false]);
          if (modelReads(model).length > 0) expect(sql).toContain('`raw`.`');
        }
      }
    }
    const marketing = CANONICAL_MODELS.find((m) => m.name === 'marketing_performance');
    if (!marketing) throw new Error('no marketing_performance');
    expect(modelSql(marketing, context(marketing, 'bigquery'))).toContain(
      'CAST(MAX(`u`.`campaign_type`) AS STRING)',
    );
    expect(modelSql(marketing, context(marketing, 'bigquery'))).toMatch(/DIV\(/);
    expect(modelSql(marketing, context(marketing, 'databricks'))).toContain(') DIV (');
    expect(modelSql(marketing, context(marketing, 'duckdb'))).toContain(') // (');
    expect(modelSql(marketing, context(marketing, 'postgres'))).toContain('numeric(38,9)');
  });

  it('leaves out sources whose raw tables do not exist, and gives no rows when none does', () => {
    const budgets = CANONICAL_MODELS.find((m) => m.name === 'budgets');
    const keywords = CANONICAL_MODELS.find((m) => m.name === 'keywords');
    if (!budgets || !keywords) throw new Error('missing models');
    expect(modelSql(budgets, context(budgets, 'bigquery'))).toBe(
      'SELECT CAST(NULL AS DATE) AS `date`, CAST(NULL AS STRING) AS `source_service`, CAST(NULL AS STRING) AS `account_id`, ' +
        'CAST(NULL AS STRING) AS `campaign_id`, CAST(NULL AS STRING) AS `channel`, CAST(NULL AS STRING) AS `currency`, ' +
        'CAST(NULL AS INT64) AS `budget_micros`, CAST(NULL AS INT64) AS `budget_minor` FROM (SELECT 1 AS `one`) AS `e` WHERE 1 = 0',
    );
    const onlyApple = modelSql(keywords, context(keywords, 'duckdb', new Set(['apple_ads__keywords'])));
    expect(onlyApple).toContain('"raw"."apple_ads__keywords"');
    expect(onlyApple).not.toContain('google_ads');
    expect(modelSql(keywords, context(keywords, 'duckdb', new Set()))).toMatch(/WHERE 1 = 0$/);
  });

  it('refuses to read a model that is not declared as a dependency', () => {
    const keywords = CANONICAL_MODELS.find((m) => m.name === 'keywords');
    if (!keywords) throw new Error('no keywords');
    expect(() => context(keywords, 'duckdb').model('conversions')).toThrow(
      'model keywords reads conversions without listing it in dependsOn',
    );
  });

  it('checks definitions: a key, non-null keys, portable aggregations, minor units, packed text', () => {
    const base: CanonicalModel = {
      name: 'm',
      description: 'm',
      columns: [{ name: 'id', type: 'string', nullable: false, role: 'key', description: '' }],
      dependsOn: [],
      sources: [],
    };
    const withColumn = (column: CanonicalModel['columns'][number]) => ({
      ...base,
      columns: [...base.columns, column],
    });
    expect(() => checkModel(base)).not.toThrow();
    expect(() => checkModel({ ...base, columns: [] })).toThrow('has no key');
    expect(() =>
      checkModel(withColumn({ name: 'k', type: 'string', nullable: true, role: 'key', description: '' })),
    ).toThrow('must not be nullable');
    expect(() =>
      checkModel(withColumn({ name: 'b', type: 'boolean', nullable: true, role: 'max', description: '' })),
    ).toThrow('max of boolean is not portable');
    expect(() =>
      checkModel(
        withColumn({
          name: 'x_minor',
          type: 'bigint',
          nullable: true,
          role: 'minor',
          micros: 'x',
          currency: 'currency',
          description: '',
        }),
      ),
    ).toThrow('needs a summed micros column');
    const text = (name: string, role: 'group' | 'max') =>
      ({ name, type: 'string', nullable: true, role, description: '' }) as const;
    const packed = (parts: [string, string]) =>
      ({ name: 'p', type: 'string', nullable: false, role: 'packed', parts, description: '' }) as const;
    const withPacked = (parts: [string, string]) => ({
      ...base,
      columns: [...base.columns, text('channel', 'group'), text('name', 'max'), packed(parts)],
    });
    expect(() => checkModel(withPacked(['channel', 'name']))).not.toThrow();
    expect(() => checkModel(withPacked(['name', 'channel']))).toThrow(
      'must be a text column fixed by the key',
    );
    expect(() => checkModel(withPacked(['channel', 'missing']))).toThrow('must be a text column');
    expect(() => checkModel({ ...base, name: 'Bad' })).toThrow();
    for (const model of CANONICAL_MODELS) expect(() => checkModel(model)).not.toThrow();
    expect(modelTable(CANONICAL_MODELS[0] as CanonicalModel).primaryKey).toEqual([
      'date',
      'source_service',
      'account_id',
      'campaign_id',
      'ad_group_id',
    ]);
  });
});

describe('minor units', () => {
  let dir: string;
  let wh: Warehouse;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'maya-money-'));
    wh = await openDuckDbWarehouse({ file: join(dir, 'money.duckdb') });
  });
  afterAll(async () => {
    await wh.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('rounds micros half away from zero in the currency decimals, on integers', async () => {
    const cases: [string, number | null, number | null][] = [
      ['USD', 1_234_567_890, 123_457],
      ['USD', 5_000, 1],
      ['USD', 4_999, 0],
      ['USD', -5_000, -1],
      ['USD', -4_999, 0],
      ['EUR', 9_007_199_254_740_000, 900_719_925_474],
      ['JPY', 1_500_000, 2],
      ['JPY', 1_499_999, 1],
      ['KRW', -2_500_000, -3],
      ['KWD', 1_234_500, 1_235],
      ['CLF', 1_234_550, 12_346],
      ['USD', null, null],
    ];
    const values = cases
      .map(([currency, micros], i) => `(${i}, '${currency}', CAST(${micros ?? 'NULL'} AS BIGINT))`)
      .join(', ');
    const result = await wh.query(
      `SELECT i, ${minorUnitsSql('duckdb', 'micros', 'currency')} AS minor FROM (VALUES ${values}) AS t(i, currency, micros) ORDER BY i`,
      [],
      { timeoutMs: 10_000 },
    );
    expect(result.rows.map((r) => r.minor)).toEqual(cases.map(([, , minor]) => minor));
    expect([currencyExponent('USD'), currencyExponent('JPY'), currencyExponent('BHD')]).toEqual([2, 0, 3]);
  });
});

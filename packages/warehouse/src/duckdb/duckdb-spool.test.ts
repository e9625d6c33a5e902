// Loads spooled in the engine's load directory: several spools in order, nothing left behind
// after a load or a failed one, a dead load's spools cleared at open, and no file outside the
// load directory readable by a query, even one whose name starts like it.
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TextBatch, TextLayout } from '../text-batches';
import type { TableSchema } from '../warehouse';
import { duckDbFileFor } from './duckdb-instance';
import { loadDirectoryOf } from './duckdb-spool';
import { appendTextBatches } from './duckdb-text-load';
import { openDuckDbWarehouse } from './duckdb-warehouse';

const table: TableSchema = {
  name: 'rows',
  primaryKey: ['line'],
  columns: [
    { name: 'id', type: 'string', nullable: false },
    { name: 'amount', type: 'decimal', nullable: true },
    { name: 'line', type: 'bigint', nullable: false },
  ],
};
const layout: TextLayout = { columns: ['id', 'amount'], delimiter: ',', numberColumn: 'line' };

/** `count` batches of `rows` rows each, numbered from 2 with a gap of one line between batches. */
function batches(count: number, rows: number): TextBatch[] {
  return Array.from({ length: count }, (_, b) => ({
    text: Buffer.from(Array.from({ length: rows }, (_, r) => `id-${b}-${r},${b}.${r}\n`).join('')),
    rows,
    escaped: false,
    numbers: 2 + b * (rows + 1),
  }));
}

let dataDir: string;
beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'maya-spool-'));
});
afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

describe('DuckDB spooled text loads', () => {
  it('loads a file per spool in order and leaves no spool behind', async () => {
    const instance = await DuckDBInstance.create(':memory:');
    const conn = await instance.connect();
    const directory = join(dataDir, 'spools');
    mkdirSync(directory);
    try {
      await conn.run('CREATE TABLE rows (id VARCHAR NOT NULL, amount DECIMAL(18,9), line BIGINT NOT NULL)');
      // About 300 bytes a batch and a spool every 500 bytes: spools of two batches, then one.
      const appended = await appendTextBatches(conn, 'main', table, batches(5, 20), layout, directory, 500);
      expect(appended).toBe(100);
      const read = await conn.runAndReadAll('SELECT id, CAST(amount AS VARCHAR) AS amount, line FROM rows');
      const rows = read.getRowObjects();
      expect(rows).toHaveLength(100);
      // Insertion order is the batches' order, and every row has its own number.
      expect(rows.map((row) => row.id)).toEqual(
        batches(5, 20).flatMap((b) =>
          b.text
            .toString()
            .trim()
            .split('\n')
            .map((l) => l.split(',')[0]),
        ),
      );
      expect(rows[0]).toEqual({ id: 'id-0-0', amount: '0.000000000', line: 2n });
      expect(rows[20]).toEqual({ id: 'id-1-0', amount: '1.000000000', line: 23n });
      expect(readdirSync(directory)).toEqual([]);
    } finally {
      conn.closeSync();
      instance.closeSync();
    }
  });

  it("takes a record longer than the reader's default line", async () => {
    const instance = await DuckDBInstance.create(':memory:');
    const conn = await instance.connect();
    const directory = join(dataDir, 'long');
    mkdirSync(directory);
    try {
      await conn.run('CREATE TABLE rows (id VARCHAR NOT NULL, amount DECIMAL(18,9), line BIGINT NOT NULL)');
      const id = 'x'.repeat(5_000_000);
      const batch = { text: Buffer.from(`${id},1\nshort,2\n`), rows: 2, escaped: false, numbers: 2 };
      expect(await appendTextBatches(conn, 'main', table, [batch], layout, directory)).toBe(2);
      const read = await conn.runAndReadAll('SELECT length(id) AS n, line FROM rows ORDER BY line');
      expect(read.getRowObjects()).toEqual([
        { n: 5_000_000n, line: 2n },
        { n: 5n, line: 3n },
      ]);
    } finally {
      conn.closeSync();
      instance.closeSync();
    }
  });

  it('leaves no spool behind when a batch fails half-way, nor when the engine refuses a value', async () => {
    const wh = await openDuckDbWarehouse({ file: duckDbFileFor(dataDir, randomUUID()) });
    try {
      await wh.ensureSchema('raw');
      await wh.createTable('raw', table);
      async function* failing() {
        yield* batches(2, 5);
        throw new Error('the connection dropped');
      }
      await expect(wh.loadText('raw', 'rows', failing(), layout, { staging: true })).rejects.toThrow(
        'the connection dropped',
      );
      const bad = [
        ...batches(1, 5),
        { text: Buffer.from('x,not a number\n'), rows: 1, escaped: false, numbers: 99 },
      ];
      await expect(wh.loadText('raw', 'rows', bad, layout, { staging: true })).rejects.toMatchObject({
        type: 'schema_mismatch',
      });
      const files = readdirSync(dataDir, { recursive: true, encoding: 'utf8' });
      expect(files.filter((name) => name.endsWith('.txt'))).toEqual([]);
    } finally {
      await wh.close();
    }
  });

  it("clears a dead load's spools when it opens the file", async () => {
    const file = duckDbFileFor(dataDir, randomUUID());
    mkdirSync(loadDirectoryOf(file), { recursive: true });
    writeFileSync(join(loadDirectoryOf(file), 'left-behind.txt'), 'a,1\n');
    const wh = await openDuckDbWarehouse({ file });
    try {
      expect(readdirSync(loadDirectoryOf(file))).toEqual([]);
    } finally {
      await wh.close();
    }
  });

  it('lets queries read the load directory only, not a directory whose name starts like it', async () => {
    const file = duckDbFileFor(dataDir, randomUUID());
    const wh = await openDuckDbWarehouse({ file });
    const lookalike = `${loadDirectoryOf(file)}-x`;
    mkdirSync(lookalike);
    writeFileSync(join(lookalike, 'secret.csv'), 'a\n1\n');
    writeFileSync(join(loadDirectoryOf(file), 'own.csv'), 'a\n1\n');
    try {
      const own = await wh.query(`SELECT a FROM read_csv('${join(loadDirectoryOf(file), 'own.csv')}')`, [], {
        timeoutMs: 5_000,
      });
      expect(own.rows).toEqual([{ a: 1 }]);
      await expect(
        wh.query(`SELECT a FROM read_csv('${join(lookalike, 'secret.csv')}')`, [], { timeoutMs: 5_000 }),
      ).rejects.toMatchObject({ type: 'engine_error' });
      await expect(
        wh.query(`SELECT a FROM read_csv('${loadDirectoryOf(file)}/../../../../etc/passwd')`, [], {
          timeoutMs: 5_000,
        }),
      ).rejects.toMatchObject({ type: 'engine_error' });
      expect(existsSync(file)).toBe(true);
    } finally {
      await wh.close();
    }
  });
});

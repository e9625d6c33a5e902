import { connectorFor } from '@maya/connectors';
import { openDuckDbWarehouse, type DuckDbSharing, type Row } from '@maya/warehouse';

const connector = connectorFor('google_ads')!;

/**
 * Every raw Google Ads table of a warehouse file, per account: count, days and a checksum of
 * every column; last, how many staged tables are left. Two equal snapshots: no row lost, none
 * doubled. `sharing` asks the app's processes to let go of the file while it is read.
 */
export async function googleAdsSnapshot(file: string, sharing: DuckDbSharing): Promise<Row[]> {
  const warehouse = await openDuckDbWarehouse({ file, sharing });
  try {
    const rows: Row[] = [];
    for (const stream of connector.streams) {
      const table = `google_ads__${stream.name}`;
      const result = await warehouse.query(
        `SELECT '${table}' AS t, account_id, count(*) AS n, min(date) AS first, max(date) AS last,
           sum(hash(*COLUMNS(*))) % 1000000007 AS checksum
         FROM raw.${table} GROUP BY account_id ORDER BY account_id`,
        [],
        { timeoutMs: 30_000 },
      );
      rows.push(...result.rows);
    }
    const staged = await warehouse.query(
      `SELECT table_name FROM information_schema.tables WHERE table_schema = 'raw' AND table_name LIKE '%staged'`,
      [],
      { timeoutMs: 30_000 },
    );
    return [...rows, { staged: staged.rows.length }];
  } finally {
    await warehouse.close();
  }
}

/** How many Google Ads streams a snapshot covers (each account has a row per stream). */
export const GOOGLE_ADS_STREAMS = connector.streams.length;

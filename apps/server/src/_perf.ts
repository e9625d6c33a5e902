import { createReadStream } from 'node:fs';
import { readCsv } from './modules/custom-tables/csv/read-csv';
const file = process.argv[2]!;
const col = (n: string, type = 'String') => ({ columnName: n, alias: n, type, isRequired: false, isPrimaryKey: false });
const t0 = performance.now(); const c0 = process.cpuUsage();
const reading = await readCsv(createReadStream(file, { highWaterMark: 64 * 1024 }) as any, {
  plan: () => [col('order_id'), col('user_id'), col('created_at', 'Date'), col('revenue', 'Numeric'), col('channel'), col('note')] as any,
});
let rows = 0, bytes = 0;
for await (const b of reading.batches) { rows += b.rows; bytes += b.text.length; }
const c = process.cpuUsage(c0);
console.log({ rows, bytes, ms: performance.now() - t0, cpuMs: (c.user + c.system) / 1000 });

// `npm run bench:csv`: a large CSV uploaded through the HTTP API into the organization's DuckDB
// warehouse, as the browser sends it (multipart, streamed from disk), timed from the first byte
// sent to the answer (every row read, checked, loaded into the staged table and swapped in),
// and the server process's peak RSS (VmHWM of /proc/<pid>/status: Node, the CSV reader and the
// DuckDB engine; the embedded PostgreSQL runs in its own processes and is not in it). Goals on
// the 2-core machine: at least 50 MB/s, a peak under 300 MB. BENCH_CSV_MB (default 500) sets
// the file's size. Prints a table and writes bench/results/csv.json.
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import { buildApp, startApp } from '@maya/e2e/app-process';
import { signUp } from './report-api';

const GOAL_MB_PER_SECOND = 50;
const GOAL_PEAK_RSS_MB = 300;
const targetMb = Number(process.env.BENCH_CSV_MB ?? 500);
const BOUNDARY = '----mayaBenchCsv';

const columns = [
  { columnName: 'order_id', alias: 'order_id', type: 'String', isRequired: true, isPrimaryKey: false },
  { columnName: 'user_id', alias: 'user_id', type: 'String', isRequired: true, isPrimaryKey: false },
  { columnName: 'created_at', alias: 'created_at', type: 'Date', isRequired: true, isPrimaryKey: false },
  { columnName: 'revenue', alias: 'revenue', type: 'Numeric', isRequired: false, isPrimaryKey: false },
  { columnName: 'channel', alias: 'channel', type: 'String', isRequired: false, isPrimaryKey: false },
  { columnName: 'note', alias: 'note', type: 'String', isRequired: false, isPrimaryKey: false },
];

/** Writes a manual_orders CSV of about `mb` MB: ids, days, amounts, a quoted note every tenth row. */
async function writeCsv(file: string, mb: number): Promise<{ bytes: number; rows: number }> {
  const out = createWriteStream(file);
  const channels = ['google', 'meta', 'offline', 'email', 'tv'];
  let bytes = 0;
  let rows = 0;
  const header = 'order_id,user_id,created_at,revenue,channel,note\n';
  out.write(header);
  bytes += header.length;
  while (bytes < mb * 1_000_000) {
    let chunk = '';
    for (let i = 0; i < 10_000; i++, rows++) {
      const day = `2024-${String((rows % 12) + 1).padStart(2, '0')}-${String((rows % 28) + 1).padStart(2, '0')}`;
      const note = rows % 10 === 0 ? `"gift, wrapped ""red"""` : `order note ${rows % 997}`;
      chunk += `ord-${rows},user-${rows % 50_000},${day},${(rows % 100_000) / 100},${channels[rows % 5]},${note}\n`;
    }
    bytes += Buffer.byteLength(chunk);
    if (!out.write(chunk)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
  return { bytes, rows };
}

type Memory = { rss: number; peak: number; anon: number; file: number };

/**
 * The process's CPU time so far in seconds (user + system, all its threads: DuckDB's workers
 * included), from /proc/<pid>/stat. On a shared machine the wall time moves with others' load;
 * the CPU time is what the upload cost.
 */
async function cpuSeconds(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces) in parentheses: utime is the 14th field.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticksPerSecond = 100;
  return (Number(fields[11]) + Number(fields[12])) / ticksPerSecond;
}

/** The process's memory in MB: resident, its high-water mark, and the resident anonymous and file-backed parts. */
async function memoryMb(pid: number): Promise<Memory> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1] ?? NaN);
  return {
    rss: kb('VmRSS') / 1024,
    peak: kb('VmHWM') / 1024,
    anon: kb('RssAnon') / 1024,
    file: kb('RssFile') / 1024,
  };
}

/**
 * Reads the process's memory every 250 ms until stopped: the highest anonymous memory seen (the
 * heap of Node and of DuckDB, what the upload grows) beside the high-water mark, which also
 * counts the pages of the program and its libraries (DuckDB's is large).
 */
function sampleMemory(pid: number) {
  let anonPeak = 0;
  let filePeak = 0;
  let running = true;
  const done = (async () => {
    while (running) {
      const now = await memoryMb(pid).catch(() => null);
      if (now !== null) {
        anonPeak = Math.max(anonPeak, now.anon);
        filePeak = Math.max(filePeak, now.file);
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  })();
  return async () => {
    running = false;
    await done;
    return { anonPeak, filePeak };
  };
}

function upload(
  url: string,
  token: string,
  file: string,
  size: number,
): Promise<{ status: number; text: string }> {
  const head = Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="columns"\r\n\r\n${JSON.stringify(columns)}\r\n` +
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="orders.csv"\r\nContent-Type: text/csv\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
  return new Promise((resolve, reject) => {
    const request = http.request(url, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
        'content-length': head.length + size + tail.length,
      },
    });
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString() }),
      );
    });
    request.on('error', reject);
    request.write(head);
    const body = createReadStream(file, { highWaterMark: 1024 * 1024 });
    body.on('error', reject);
    body.on('end', () => request.end(tail));
    body.pipe(request, { end: false });
  });
}

const folder = await mkdtemp(path.join(os.tmpdir(), 'maya-bench-csv-'));
let app: Awaited<ReturnType<typeof startApp>> | null = null;
try {
  const file = path.join(folder, 'orders.csv');
  console.log(`writing a ${targetMb} MB CSV`);
  const generated = await writeCsv(file, targetMb);
  const size = (await stat(file)).size;
  console.log('building and starting the production build');
  await buildApp();
  app = await startApp({
    label: 'maya-bench-csv',
    env: {
      NODE_ENV: 'production',
      SECRET_KEY: randomBytes(36).toString('base64url'),
      LOG_LEVEL: 'warn',
      // e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to profile the server during the run.
      ...(process.env.BENCH_SERVER_NODE_OPTIONS === undefined
        ? {}
        : { NODE_OPTIONS: process.env.BENCH_SERVER_NODE_OPTIONS }),
    },
  });
  const session = await signUp(`http://127.0.0.1:${app.port}`, app.dataDir);
  const pid = app.pid;
  if (pid === undefined) throw new Error('the app has no process id');
  const before = await memoryMb(pid);
  // The high-water mark so far is the start's and the sign-up's (its password hash takes tens of
  // MB for a moment); "5" resets it to the resident size now, so after the upload it is the upload's.
  const reset = await writeFile(`/proc/${pid}/clear_refs`, '5').then(
    () => true,
    () => false,
  );
  const cpuBefore = await cpuSeconds(pid);
  const loadBefore = os.loadavg()[0] ?? 0;
  const stopSampling = sampleMemory(pid);
  console.log(`uploading ${(size / 1e6).toFixed(0)} MB (${generated.rows} rows)`);
  const started = process.hrtime.bigint();
  const answer = await upload(
    `${session.baseUrl}/api/custom_table/manual_orders/upload?organization_id=${session.organizationId}`,
    session.token,
    file,
    size,
  );
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const cpu = (await cpuSeconds(pid)) - cpuBefore;
  if (answer.status !== 200) throw new Error(`upload: ${answer.status} ${answer.text.slice(0, 500)}`);
  const loaded = (JSON.parse(answer.text) as { rows: number }).rows;
  if (loaded !== generated.rows) throw new Error(`loaded ${loaded} rows of ${generated.rows}`);
  const sampled = await stopSampling();
  const after = await memoryMb(pid);
  const mbPerSecond = size / 1e6 / seconds;
  const result = {
    megabytes: Math.round(size / 1e6),
    rows: loaded,
    seconds: Number(seconds.toFixed(1)),
    megabytesPerSecond: Number(mbPerSecond.toFixed(1)),
    rowsPerSecond: Math.round(loaded / seconds),
    serverCpuSeconds: Number(cpu.toFixed(1)),
    megabytesPerCpuSecond: Number((size / 1e6 / cpu).toFixed(1)),
    serverRssBeforeMb: Math.round(before.rss),
    serverPeakBeforeMb: Math.round(before.peak),
    serverPeakRssMb: Math.round(after.peak),
    peakIsUploads: reset,
    anonBeforeMb: Math.round(before.anon),
    anonPeakMb: Math.round(sampled.anonPeak),
    fileBackedPeakMb: Math.round(sampled.filePeak),
    goals: { megabytesPerSecond: GOAL_MB_PER_SECOND, peakRssMb: GOAL_PEAK_RSS_MB },
    cpus: os.cpus().length,
    loadAverageBefore: Number(loadBefore.toFixed(1)),
    loadAverage: os.loadavg().map((n) => Number(n.toFixed(1))),
  };
  console.table([result]);
  console.log(
    `${mbPerSecond >= GOAL_MB_PER_SECOND ? 'meets' : 'MISSES'} the ${GOAL_MB_PER_SECOND} MB/s goal; ` +
      `peak RSS ${after.peak >= GOAL_PEAK_RSS_MB ? 'MISSES' : 'meets'} the ${GOAL_PEAK_RSS_MB} MB goal`,
  );
  await mkdir(path.join(import.meta.dirname, 'results'), { recursive: true });
  await writeFile(
    path.join(import.meta.dirname, 'results', 'csv.json'),
    `${JSON.stringify(result, null, 2)}\n`,
  );
} finally {
  await app?.stop();
  await rm(folder, { recursive: true, force: true });
}

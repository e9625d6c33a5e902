// A downloaded report, row by row: the header block (one quoted "Name: value" cell a line, among
// them "Rows: N"), the column-header row, the data, and the copyright footer. Rows are handed on in
// batches as the download arrives; a file with fewer rows than its header announces is refused
// (a cut-off download), and so is any line that fits none of these parts.
import { decodeText, parseCsv } from '../../core/csv';
import { ProviderError } from '../../core/errors';
import type { Row } from '../../core/types';
import { PROVIDER } from './reports';
import type { Field, ReportSpec } from './reports';
import { unzipped } from './unzip';

const BATCH_SIZE = 5_000;

const blank = (record: string[]) => record.length === 1 && record[0]?.trim() === '';
const isFooter = (record: string[]) => record.length === 1 && /Microsoft Corporation/i.test(record[0] ?? '');

function unreadable(what: string): ProviderError {
  return new ProviderError('provider', `The report could not be read: ${what}`, 200, PROVIDER);
}

export async function* reportRows(body: AsyncIterable<Uint8Array>, spec: ReportSpec): AsyncGenerator<Row[]> {
  let columns: Map<string, number> | null = null;
  // Set inside take(): a holder, so that the check at the end sees it.
  const file = { announced: null as number | null };
  let footer = false;
  let seen = 0;
  let current: string[] = [];
  const field: Field = (column) => current[columns?.get(column) ?? -1] ?? '';
  let batch: Row[] = [];

  const take = (record: string[]) => {
    if (blank(record)) return;
    if (footer) throw unreadable(`a line after the footer: ${record.join(',').slice(0, 80)}`);
    if (isFooter(record)) {
      footer = true;
      return;
    }
    if (!columns) {
      if (record.length > 1 && spec.columns.every((c) => record.includes(c))) {
        columns = new Map(record.map((name, index) => [name, index]));
        return;
      }
      const rows = /^Rows:\s*(\d+)\s*$/.exec(record[0] ?? '');
      if (rows) file.announced = Number(rows[1]);
      if (record.length === 1) return; // a header-block line
      throw unreadable(`no column header before ${record.join(',').slice(0, 80)}`);
    }
    if (record.length !== columns.size) {
      throw unreadable(`a line of ${record.length} fields where ${columns.size} were expected`);
    }
    current = record;
    batch.push(spec.row(field));
    seen++;
  };

  for await (const record of parseCsv(decodeText(unzipped(body)))) {
    take(record);
    if (batch.length >= BATCH_SIZE) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
  const { announced } = file;
  if (announced !== null && seen !== announced) {
    throw new ProviderError(
      'unavailable',
      `The report download was cut off: ${seen} of ${announced} rows arrived.`,
      200,
      PROVIDER,
    );
  }
}

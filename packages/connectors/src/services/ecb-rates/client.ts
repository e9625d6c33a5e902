// The ECB Data Portal's daily euro reference rates (dataflow EXR, series D.<currency>.EUR.SP00.A)
// in its `csvdata` format: GET {base}/service/data/EXR/D..EUR.SP00.A?format=csvdata&startPeriod=
// &endPeriod= (docs/connectors.md). No credentials. The CSV has one row an observation; columns
// are read by their header name, since the portal adds attribute columns over time.
import { decodeText, parseCsv } from '../../core/csv';
import { ProviderError } from '../../core/errors';
import { createProviderHttp, type ErrorReader } from '../../core/http';
import type { PublishedRate, RatesProvider } from './rates';

/** Every currency against the euro, daily, the ECB's reference ("spot") rate, average. */
export const ECB_SERIES_KEY = 'D..EUR.SP00.A';

export type EcbRatesOptions = {
  /** https://data-api.ecb.europa.eu in production; the sandbox's /sandbox/ecb otherwise. */
  baseUrl: string;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
};

// The portal answers errors as plain text (404 "No results found." for an empty period).
const readError: ErrorReader = (status, body) => ({
  message: typeof body === 'string' && body !== '' ? body : `ECB Data Portal answered ${String(status)}`,
});

export function createEcbRatesProvider(options: EcbRatesOptions): RatesProvider {
  const base = options.baseUrl.replace(/\/+$/, '');
  return {
    async publishedRates(from, to, signal) {
      const http = createProviderHttp({
        provider: 'ecb',
        readError,
        signal,
        ...(options.fetch ? { fetch: options.fetch } : {}),
        ...(options.sleep ? { sleep: options.sleep } : {}),
      });
      const url = `${base}/service/data/EXR/${ECB_SERIES_KEY}`;
      let response: Response;
      try {
        response = await http.response(url, {
          authenticated: false,
          query: { format: 'csvdata', startPeriod: from, endPeriod: to },
          headers: { accept: 'text/csv' },
        });
      } catch (error) {
        // A period without any publication (a holiday alone, today before 16:00 CET) is no error.
        if (error instanceof ProviderError && error.status === 404) return [];
        throw error;
      }
      if (response.body === null) return [];
      return readEcbCsv(decodeText(response.body as AsyncIterable<Uint8Array>));
    },
  };
}

/** The observations of a `csvdata` answer; a missing value (`NaN`, empty) is no publication. */
export async function readEcbCsv(text: AsyncIterable<string>): Promise<PublishedRate[]> {
  const rates: PublishedRate[] = [];
  let columns: { currency: number; date: number; value: number } | null = null;
  for await (const record of parseCsv(text)) {
    if (columns === null) {
      columns = {
        currency: record.indexOf('CURRENCY'),
        date: record.indexOf('TIME_PERIOD'),
        value: record.indexOf('OBS_VALUE'),
      };
      if (Object.values(columns).some((i) => i < 0)) {
        throw new Error('The ECB answer lacks CURRENCY, TIME_PERIOD or OBS_VALUE');
      }
      continue;
    }
    const currency = record[columns.currency] ?? '';
    const date = record[columns.date] ?? '';
    const perEuro = Number(record[columns.value]);
    if (!/^[A-Z]{3}$/.test(currency) || !/^\d{4}-\d{2}-\d{2}$/.test(date)) continue;
    if (!Number.isFinite(perEuro) || perEuro <= 0) continue;
    rates.push({ date, currency, perEuro });
  }
  return rates;
}

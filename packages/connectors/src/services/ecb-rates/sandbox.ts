// The sandbox ECB Data Portal (data-api.ecb.europa.eu/service/data, SDMX 2.1 REST): the EXR
// dataflow's daily reference rates as `csvdata`, the one format and series shape the product
// asks for. Errors are plain text with the portal's statuses: 400 for a malformed key or period,
// 404 "No results found." for a period without publications. No credentials, as the portal.
import type { FastifyPluginAsync } from 'fastify';
import { SandboxApiError, installSandboxApi } from '../../sandbox/apis/api';
import type { SandboxApiPluginOptions } from '../../sandbox/apis/types';
import { SANDBOX_RATE_CURRENCIES, sandboxPublishedRates, sandboxQuote } from './sandbox-rates';

/** Where the sandbox ECB Data Portal is mounted (sandboxEndpoints().ecbData). */
export const ECB_SANDBOX_PREFIX = '/sandbox/ecb';

const HEADER = [
  'KEY',
  'FREQ',
  'CURRENCY',
  'CURRENCY_DENOM',
  'EXR_TYPE',
  'EXR_SUFFIX',
  'TIME_PERIOD',
  'OBS_VALUE',
  'OBS_STATUS',
  'OBS_CONF',
  'DECIMALS',
  'TITLE',
  'UNIT',
  'UNIT_MULT',
];
const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** `D.<currencies joined by +, or empty for all>.EUR.SP00.A` */
const KEY = /^D\.((?:[A-Z]{3})(?:\+[A-Z]{3})*)?\.EUR\.SP00\.A$/;
/** The ECB publishes around 16:00 CET: a day's rates exist from 15:00 UTC. */
const PUBLISHED_AT_UTC_HOUR = 15;

type RatesQuery = { Params: { key: string }; Querystring: Record<string, string | undefined> };

export const ecbSandbox: FastifyPluginAsync<SandboxApiPluginOptions> = async (app, options) => {
  const now = options.now ?? Date.now;
  installSandboxApi(app, {
    faults: options.faults,
    render: (_kind, message) => message,
    store: null,
  });

  app.get<RatesQuery>('/service/data/EXR/:key', async (request, reply) => {
    const { format, startPeriod, endPeriod } = request.query;
    if (format !== 'csvdata')
      throw new SandboxApiError('invalid_argument', 'The sandbox serves format=csvdata only.', 406);
    const key = KEY.exec(request.params.key);
    if (key === null)
      throw new SandboxApiError('invalid_argument', `Syntax error in the key ${request.params.key}.`);
    if ((startPeriod && !DAY.test(startPeriod)) || (endPeriod && !DAY.test(endPeriod))) {
      throw new SandboxApiError('invalid_argument', 'startPeriod and endPeriod are days, YYYY-MM-DD.');
    }
    const clock = new Date(now());
    const lastDay = new Date(clock.getTime() - (clock.getUTCHours() < PUBLISHED_AT_UTC_HOUR ? 86_400_000 : 0))
      .toISOString()
      .slice(0, 10);
    const from = startPeriod ?? '1999-01-04';
    const to = endPeriod !== undefined && endPeriod < lastDay ? endPeriod : lastDay;
    const currencies = key[1] === undefined ? SANDBOX_RATE_CURRENCIES : key[1].split('+');
    const rates = sandboxPublishedRates(from, to, currencies);
    if (rates.length === 0) throw new SandboxApiError('not_found', 'No results found.');
    const lines = [HEADER.join(',')];
    for (const rate of rates) {
      const quote = sandboxQuote(rate.currency, rate.date) ?? String(rate.perEuro);
      const decimals = quote.includes('.') ? (quote.split('.')[1]?.length ?? 0) : 0;
      lines.push(
        [
          `EXR.D.${rate.currency}.EUR.SP00.A`,
          'D',
          rate.currency,
          'EUR',
          'SP00',
          'A',
          rate.date,
          quote,
          'A',
          'F',
          String(decimals),
          `${rate.currency}/Euro`,
          rate.currency,
          '0',
        ].join(','),
      );
    }
    return reply.type('text/csv; charset=utf-8').send(`${lines.join('\r\n')}\r\n`);
  });
};

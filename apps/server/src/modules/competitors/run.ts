// One computation of a competition report for the current month: the account's top search terms
// (filtered by the report's column and value), each term's SERP in the report's country (from the
// month's cache, or bought from the provider, at most `concurrency` at once, each kept and its
// cost counted as soon as it is bought), the shares of every domain, and the month's rows of the
// report replaced in the warehouse. A provider error, a spent quota (429s past their retries) or a
// malformed answer stops the run: it fails with the provider's message and writes nothing, so
// the report keeps what it showed (decision 644).
import { googleSearchCountry, type ServiceAccount } from '@maya/contracts';
import { ProviderError, type SerpItem } from '@maya/connectors';
import { withOrganization } from '../../platform/db/tenant';
import { pool } from '../../platform/concurrency';
import { computeShares, ownDomainOf } from './compute';
import { competitorsRepository as repo, type RunUpdate } from './repository';
import type { CachedSerpItem } from './schema';
import type { CompetitorsDeps } from './deps';
import { previousShares, topTerms, writeShares } from './warehouse';

const CURRENCY = 'USD';

const messageOf = (error: unknown) =>
  error instanceof ProviderError
    ? error.status >= 400
      ? `DataForSEO: Error ${String(error.status)}: ${error.message}`
      : `DataForSEO: ${error.message}`
    : error instanceof Error
      ? error.message
      : String(error);

/** A run stops at its first failure with this message. */
class RunFailure extends Error {}

const keep = (items: readonly SerpItem[]): CachedSerpItem[] =>
  items.map(({ type, domain, rank }) => ({ type, domain, rank }));

export function createCompetitionRun(deps: CompetitorsDeps & { now: () => Date }) {
  const { db } = deps.platform.database;
  const warn = (error: unknown, organizationId: string, message: string) =>
    deps.log?.()?.warn({ err: error, organizationId }, message);

  return {
    async compute(
      organizationId: string,
      reportId: string,
      jobId: string,
      signal?: AbortSignal,
    ): Promise<void> {
      const startedAt = deps.now();
      const month = startedAt.toISOString().slice(0, 7);
      const day = startedAt.toISOString().slice(0, 10);
      const report = await withOrganization(db, organizationId, async (tx) => {
        await repo.progress(tx, reportId, jobId, {
          runStatus: 'running',
          runStartedAt: startedAt,
          runMonth: month,
        });
        return repo.find(tx, reportId);
      });
      if (report === null || report.runJobId !== jobId) return;
      const spent = { requests: 0, costMicros: 0 };
      const finish = (run: RunUpdate & { hasResults?: true }) =>
        withOrganization(db, organizationId, (tx) =>
          repo.progress(tx, reportId, jobId, {
            ...run,
            runRequests: spent.requests,
            runCostMicros: spent.costMicros,
            runFinishedAt: deps.now(),
          }),
        );
      let termCount: number;
      try {
        const country = googleSearchCountry(report.countryCode);
        if (country === null) throw new RunFailure(`Not a supported country: ${report.countryCode}`);
        const client = deps.client;
        if (client === null) {
          throw new RunFailure(
            'No DataForSEO credentials are configured (DATAFORSEO_LOGIN, DATAFORSEO_PASSWORD)',
          );
        }
        const accounts = await deps.accounts(organizationId);
        const account = accounts.find((a) => a.uuid === report.accountId);
        if (account === undefined) throw new RunFailure('The account of this report is no longer connected');
        const terms = await selectTerms(organizationId, account, report, country.alpha3, day);
        termCount = terms.length;
        const serps = await withOrganization(db, organizationId, (tx) =>
          repo.cached(tx, report.countryCode, month, terms),
        );
        const missing = terms.filter((term) => !serps.has(term));
        let failure: string | null = null;
        await pool(missing, deps.concurrency, async (term) => {
          if (failure !== null) return;
          if (signal?.aborted) {
            failure = 'The run was stopped';
            return;
          }
          try {
            const result = await client.search(
              { keyword: term, locationCode: country.locationCode, languageCode: country.languageCode },
              signal,
            );
            const items = keep(result.items);
            await withOrganization(db, organizationId, (tx) =>
              repo.bought(
                tx,
                organizationId,
                { country: report.countryCode, month, term, items },
                { currency: CURRENCY, micros: result.costMicros },
              ),
            );
            spent.requests += 1;
            spent.costMicros += result.costMicros;
            serps.set(term, items);
          } catch (error) {
            failure ??= messageOf(error);
          }
        });
        if (failure !== null) throw new RunFailure(failure);
        const ownDomain = ownDomainOf(account, accounts);
        const monthStart = `${month}-01`;
        await deps.withWarehouse(organizationId, async (warehouse) => {
          const previous = await previousShares(warehouse, reportId, monthStart);
          const shares = computeShares(
            terms.map((term) => serps.get(term) ?? []),
            ownDomain,
            previous,
          );
          await writeShares(
            warehouse,
            {
              reportId,
              month: monthStart,
              reportName: `${account.name} · ${country.name}`,
              country: country.name,
              terms: terms.length,
              computedAt: deps.now().toISOString(),
            },
            shares,
          );
        });
        await withOrganization(db, organizationId, (tx) =>
          repo.progress(tx, reportId, jobId, { runStatus: 'running', hasResults: true }),
        );
      } catch (error) {
        if (!(error instanceof RunFailure)) warn(error, organizationId, 'competitors: the run failed');
        await finish({ runStatus: 'failed', runError: messageOf(error) });
        return;
      }
      // The version bump comes before "finished": whoever saw the run finish lists the report
      // (the semantic models are read once per version).
      try {
        await deps.changed(organizationId);
      } catch (error) {
        warn(error, organizationId, 'competitors: announcing the new shares failed');
      }
      await finish({ runStatus: 'finished', runError: null, runTerms: termCount });
    },
  };

  /** The account's top terms whose label in the report's column is its value, at most the report's number. */
  async function selectTerms(
    organizationId: string,
    account: ServiceAccount,
    report: {
      filterColumn: string;
      filterValue: string;
      orderBy: 'cost' | 'clicks';
      searchTermsNumber: number;
    },
    alpha3: string,
    day: string,
  ): Promise<string[]> {
    const label = await deps.termColumns.labeller(organizationId, report.filterColumn);
    if (label === null) throw new RunFailure('The filter column of this report no longer exists');
    const service = account.service === 'google_ads' ? 'google_ads' : 'google_search_console';
    const rows = await deps.withWarehouse(organizationId, (warehouse) =>
      topTerms(
        warehouse,
        { service, accountId: account.identifier, orderBy: report.orderBy, country: alpha3 },
        day,
      ),
    );
    if (rows === null) throw new RunFailure("The account's data has not been loaded yet");
    const terms = rows
      .filter((row) => (label(row.term) ?? '').toLowerCase() === report.filterValue)
      .slice(0, report.searchTermsNumber)
      .map((row) => row.term);
    if (terms.length === 0) {
      throw new RunFailure('No search terms of the account in the last 30 days match the filter');
    }
    return terms;
  }
}

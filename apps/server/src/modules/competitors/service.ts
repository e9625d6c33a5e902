import {
  COMPETITOR_SERVICES,
  GOOGLE_SEARCH_COUNTRIES,
  CompetitorsErrorType,
  PlatformErrorType,
  competitorLimits,
  competitorOrderBy,
  googleSearchCountry,
  type CompetitionReport,
  type CompetitionReportsResponse,
  type SaveCompetitionReportRequest,
  type ServiceAccount,
} from '@maya/contracts';
import { withOrganization } from '../../platform/db/tenant';
import { AppError, ValidationError } from '../../platform/errors';
import type { OrganizationAccess } from '../../platform/guards';
import { ownDomainOf } from './compute';
import type { CompetitorsDeps } from './deps';
import { competitorsRepository as repo, type CompetitionReportRow } from './repository';
import { createCompetitionRun } from './run';
import { removeShares } from './warehouse';

/** The queue of report computations: `{organization_id, report_id}`. */
export const COMPETITORS_RUN_QUEUE = 'competitors.run';
export type CompetitorsRunJob = { organization_id: string; report_id: string };

export type { CompetitorsDeps } from './deps';

export type CompetitorsService = ReturnType<typeof createCompetitorsService>;

function toReport(row: CompetitionReportRow, accounts: readonly ServiceAccount[]): CompetitionReport {
  const account = accounts.find((a) => a.uuid === row.accountId);
  return {
    uuid: row.id,
    account_uuid: row.accountId,
    country_code: row.countryCode,
    filter_column: row.filterColumn,
    filter_value: row.filterValue,
    search_terms_number: row.searchTermsNumber,
    order_by: row.orderBy,
    account_name: account?.name ?? null,
    account_service: account?.service ?? null,
    own_domain: ownDomainOf(account, accounts),
    last_run:
      row.runStatus === null
        ? null
        : {
            status: row.runStatus,
            month: row.runMonth,
            started_at: row.runStartedAt?.toISOString() ?? null,
            finished_at: row.runFinishedAt?.toISOString() ?? null,
            error: row.runError,
            terms: row.runTerms,
            requests: row.runRequests,
            cost_micros: row.runCostMicros,
            currency: 'USD',
          },
  };
}

/** 422 `{detail: [{loc, msg, type}]}`: the web says 'Error saving the report' (spec 001 §8). */
const invalid = (type: string, message: string, loc: string) =>
  new ValidationError([{ loc: ['body', loc], msg: message, type }]);

/** The demo organization is everyone's: its reports are read, never changed or run. */
function assertWritable(access: OrganizationAccess): void {
  if (access.isDemo) {
    throw new AppError(403, PlatformErrorType.forbidden, {
      message: "The demo organization's competition reports cannot be changed.",
    });
  }
}

export function createCompetitorsService(deps: CompetitorsDeps) {
  const { db } = deps.platform.database;
  const now = deps.now ?? (() => new Date());
  const runner = createCompetitionRun({ ...deps, now });

  async function enqueue(organizationId: string, reportId: string, singletonKey?: string) {
    const job: CompetitorsRunJob = { organization_id: organizationId, report_id: reportId };
    await deps.platform.jobs.sendRecorded(
      COMPETITORS_RUN_QUEUE,
      job,
      { retryLimit: 0, ...(singletonKey ? { singletonKey } : {}) },
      (jobId) => withOrganization(db, organizationId, (tx) => repo.queued(tx, reportId, jobId)),
    );
  }

  async function one(organizationId: string, id: string): Promise<CompetitionReport> {
    const [row, accounts] = await Promise.all([
      withOrganization(db, organizationId, (tx) => repo.find(tx, id)),
      deps.accounts(organizationId),
    ]);
    if (row === null) throw new AppError(404, CompetitorsErrorType.reportNotFound);
    return toReport(row, accounts);
  }

  return {
    /** GET /google_search_countries: the countries a report can look at, by name. */
    countries: () => ({
      countries: GOOGLE_SEARCH_COUNTRIES.map(({ code, name }) => ({ code, name })).sort((a, b) =>
        a.name.localeCompare(b.name),
      ),
    }),

    async list(organizationId: string, filterColumn: string | null): Promise<CompetitionReportsResponse> {
      const [rows, accounts, columns] = await Promise.all([
        withOrganization(db, organizationId, (tx) => repo.list(tx, filterColumn)),
        deps.accounts(organizationId),
        deps.termColumns.columns(organizationId),
      ]);
      return {
        reports: rows.map((row) => toReport(row, accounts)),
        filter_columns: columns.map((c) => ({
          id: c.id,
          name: c.name,
          values: c.values.map((label) => ({ label, value: label.toLowerCase() })),
        })),
      };
    },

    get: one,

    /** Whether any report of the organization was computed (what lists the Competitors report). */
    hasResults: (organizationId: string): Promise<boolean> =>
      withOrganization(db, organizationId, (tx) => repo.hasResults(tx)),

    /**
     * Creates or updates the report and queues its computation. The account must be one of the
     * organization's Search Console or Google Ads accounts, the column a search-terms column and
     * the value one of its values; the order is the account's (cost for ads, clicks otherwise).
     */
    async save(access: OrganizationAccess, body: SaveCompetitionReportRequest): Promise<CompetitionReport> {
      assertWritable(access);
      const { organizationId } = access;
      if (googleSearchCountry(body.country_code) === null) {
        throw invalid('value_error', 'Not a supported country', 'country_code');
      }
      const account = (await deps.accounts(organizationId)).find((a) => a.uuid === body.account_uuid);
      if (account === undefined || !(COMPETITOR_SERVICES as readonly string[]).includes(account.service)) {
        throw invalid(
          CompetitorsErrorType.accountNotSelectable,
          'Only a Google Search Console or Google Ads account of the organization can be selected',
          'account_uuid',
        );
      }
      const column = (await deps.termColumns.columns(organizationId)).find((c) => c.id === body.column_id);
      if (column === undefined) throw invalid('value_error', 'No such filter column', 'column_id');
      const value = column.values.find((v) => v.toLowerCase() === body.value.trim().toLowerCase());
      if (value === undefined)
        throw invalid('value_error', `No value '${body.value}' in ${column.name}`, 'value');
      const orderBy = competitorOrderBy(account.service);
      await withOrganization(db, organizationId, async (tx) => {
        const existing = await repo.find(tx, body.uuid);
        if (existing === null && (await repo.count(tx)) >= competitorLimits.maxReports) {
          throw invalid(
            CompetitorsErrorType.tooManyReports,
            `At most ${String(competitorLimits.maxReports)} competition reports`,
            'uuid',
          );
        }
        await repo.upsert(tx, organizationId, body.uuid, {
          accountId: account.uuid,
          countryCode: body.country_code,
          filterColumn: column.id,
          filterValue: value.toLowerCase(),
          searchTermsNumber: competitorLimits.searchTermsNumber,
          orderBy,
        });
      });
      await enqueue(organizationId, body.uuid);
      return one(organizationId, body.uuid);
    },

    /** Deletes the report and its rows in the warehouse (the rows: best effort, the next run of nothing). */
    async remove(access: OrganizationAccess, id: string): Promise<void> {
      assertWritable(access);
      const { organizationId } = access;
      const deleted = await withOrganization(db, organizationId, (tx) => repo.remove(tx, id));
      if (!deleted) throw new AppError(404, CompetitorsErrorType.reportNotFound);
      try {
        await deps.withWarehouse(organizationId, (warehouse) => removeShares(warehouse, id));
        await deps.changed(organizationId);
      } catch (error) {
        deps
          .log?.()
          ?.warn({ err: error, organizationId }, 'competitors: removing the rows of a deleted report failed');
      }
    },

    /** Queues a computation now; at most one waits per report (pg-boss singleton key). */
    async runNow(access: OrganizationAccess, id: string): Promise<CompetitionReport> {
      assertWritable(access);
      await one(access.organizationId, id);
      await enqueue(access.organizationId, id, `${id}:now`);
      return one(access.organizationId, id);
    },

    /** The job: one report's computation of the current month. */
    async run(data: unknown, job: { id: string; signal?: AbortSignal }): Promise<void> {
      const { organization_id: organizationId, report_id: reportId } = data as CompetitorsRunJob;
      await runner.compute(organizationId, reportId, job.id, job.signal);
    },

    /** The monthly schedule: every report of each organization, once per month. */
    async schedule(): Promise<number> {
      const month = now().toISOString().slice(0, 7);
      let queued = 0;
      for (const organizationId of await deps.organizations()) {
        const rows = await withOrganization(db, organizationId, (tx) => repo.list(tx));
        for (const row of rows) {
          await enqueue(organizationId, row.id, `${row.id}:${month}`);
          queued += 1;
        }
      }
      return queued;
    },
  };
}

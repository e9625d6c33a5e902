// Source warnings of a report: the organization's connected accounts that feed a table the report
// reads and whose last load failed or whose grant was revoked, so that the dashboard can say why
// its numbers may be missing the latest days instead of showing them as if complete.
import { findService } from '@maya/connectors';
import type { ReportDocument, ReportTimeZone, ServiceAccount, SourceWarning } from '@maya/contracts';
import { CANONICAL_MODELS, type SemanticModel } from '@maya/analytics';

/** The tables the document reads, visuals' and filters', in the document's order. */
export function documentTables(document: ReportDocument): string[] {
  const tables = [
    ...document.filters.map((f) => f.table),
    ...document.pages.flatMap((p) => [...p.visuals.map((v) => v.table), ...p.filters.map((f) => f.table)]),
  ];
  return [...new Set(tables)];
}

/**
 * The services whose rows reach a canonical model: each source's origin is a service, or a model
 * it derives from (whose own services count too, e.g. Meta's conversions in marketing performance).
 */
export function servicesFeeding(modelName: string, seen: ReadonlySet<string> = new Set()): Set<string> {
  const model = CANONICAL_MODELS.find((m) => m.name === modelName);
  const services = new Set<string>();
  if (model === undefined || seen.has(modelName)) return services;
  const visited = new Set([...seen, modelName]);
  for (const { origin } of model.sources) {
    const isModel = CANONICAL_MODELS.some((m) => m.name === origin);
    const found = isModel ? servicesFeeding(origin, visited) : new Set([origin]);
    for (const service of found) services.add(service);
  }
  return services;
}

function warningOf(table: string, account: ServiceAccount): SourceWarning | null {
  const service = findService(account.service)?.name ?? account.service;
  const who = `${service} account ${account.name}`;
  if (account.needs_reconnect) {
    return {
      table,
      service_id: account.service,
      account_name: account.name,
      status: 'reconnect',
      message: `${who} needs to be reconnected on the Sources page; this report may be missing its latest data.`,
    };
  }
  if (account.sync_status === 'failed') {
    const reason = account.sync_error === null ? '' : ` (${account.sync_error})`;
    return {
      table,
      service_id: account.service,
      account_name: account.name,
      status: 'failed',
      message: `The last data load of ${who} failed${reason}; this report may be missing its latest data.`,
    };
  }
  return null;
}

/** The accounts feeding the tables the report reads. */
function feedingAccounts(
  model: SemanticModel,
  document: ReportDocument,
  accounts: readonly ServiceAccount[],
): ServiceAccount[] {
  const services = new Set<string>();
  for (const name of documentTables(document)) {
    const table = model.tables.find((t) => t.name === name);
    if (table !== undefined) for (const service of servicesFeeding(table.source.table)) services.add(service);
  }
  return accounts.filter((account) => services.has(account.service));
}

/**
 * The time zones of the accounts feeding the report (issue 30): how many accounts count their
 * days in each, most first (then by name). Accounts without a zone are left out.
 */
export function reportTimeZones(
  model: SemanticModel,
  document: ReportDocument,
  accounts: readonly ServiceAccount[],
): ReportTimeZone[] {
  const counts = new Map<string, number>();
  for (const account of feedingAccounts(model, document, accounts)) {
    if (account.time_zone !== null) counts.set(account.time_zone, (counts.get(account.time_zone) ?? 0) + 1);
  }
  return [...counts]
    .map(([time_zone, count]) => ({ time_zone, accounts: count }))
    .sort((a, b) => b.accounts - a.accounts || a.time_zone.localeCompare(b.time_zone));
}

/** For each table the report reads, the failed or revoked accounts feeding it. */
export function sourceWarnings(
  model: SemanticModel,
  document: ReportDocument,
  accounts: readonly ServiceAccount[],
): SourceWarning[] {
  return documentTables(document).flatMap((name) => {
    const table = model.tables.find((t) => t.name === name);
    if (table === undefined) return [];
    const services = servicesFeeding(table.source.table);
    return accounts
      .filter((account) => services.has(account.service))
      .flatMap((account) => warningOf(name, account) ?? []);
  });
}

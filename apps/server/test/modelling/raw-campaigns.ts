// Raw Google Ads campaign rows written straight into an organization's warehouse, as a load would
// leave them (the connector's own table definition), so that a rebuild has data without any
// provider being asked. The -maya report document with its campaigns table grouped by another
// dimension, saved as the organization's custom report, to query a derived column through the API.
import { MAYA_REPORT } from '@maya/analytics';
import type { Row } from '@maya/warehouse';
import { GOOGLE_ADS_STREAMS } from '@maya/connectors/services/google-ads';
import type { ReportDocument } from '@maya/contracts';
import type { ModellingService } from '../../src/modules/modelling';
import { RAW_SCHEMA, streamTable } from '../../src/modules/etl';
import type { AccountsApp } from '../support/accounts';
import { ownerQuery } from '../support/sources';

export const FIRST_DAY = '2026-10-01';
export const LAST_DAY = '2026-10-02';

/** One campaign's row of a day: `cost` in currency units (kept in micros). */
export type CampaignDay = { date: string; id: string; name: string; cost: number; clicks: number };

/** Replaces the organization's raw Google Ads campaigns by these rows, in USD. */
export async function writeCampaigns(
  modelling: Pick<ModellingService, 'withWarehouse'>,
  organizationId: string,
  days: readonly CampaignDay[],
): Promise<void> {
  const stream = GOOGLE_ADS_STREAMS.find((s) => s.name === 'campaigns');
  if (stream === undefined) throw new Error('Google Ads has no campaigns stream');
  const table = streamTable('google_ads', stream);
  const rows: Row[] = days.map((day) => ({
    date: day.date,
    account_id: '1234567890',
    campaign_id: day.id,
    campaign_name: day.name,
    campaign_status: 'ENABLED',
    channel_type: 'SEARCH',
    impressions: day.clicks * 10,
    clicks: day.clicks,
    cost_micros: day.cost * 1_000_000,
    conversions: 0,
    conversions_value: 0,
    currency: 'USD',
  }));
  await modelling.withWarehouse(organizationId, async (warehouse) => {
    await warehouse.ensureSchema(RAW_SCHEMA);
    await warehouse.dropTable(RAW_SCHEMA, table.name);
    await warehouse.createTable(RAW_SCHEMA, table);
    await warehouse.loadBatch(RAW_SCHEMA, table.name, [rows]);
  });
}

/** -maya as a custom report `slug` whose overview campaigns table groups by `dimension`. */
export async function saveGroupedReport(
  t: AccountsApp,
  organizationId: string,
  slug: string,
  dimension: string,
): Promise<void> {
  const document: ReportDocument = {
    ...MAYA_REPORT,
    id: slug,
    slug,
    name: `Grouped by ${dimension}`,
    pages: MAYA_REPORT.pages.map((page) => ({
      ...page,
      visuals: page.visuals.map((visual) =>
        visual.id === 'campaigns' && visual.kind === 'table'
          ? { ...visual, dimensions: [{ name: dimension, grain: null }] }
          : visual,
      ),
    })),
  };
  await ownerQuery(
    t,
    organizationId,
    'INSERT INTO custom_reports (organization_id, slug, name, document) VALUES ($1, $2, $3, $4)',
    [organizationId, slug, document.name, JSON.stringify(document)],
  );
}

/** The body of a query of the overview's `visual_id` over both days. */
export function visualQuery(
  organizationId: string,
  report: string,
  visual_id: string,
  filters: unknown[] = [],
) {
  return {
    organization_id: organizationId,
    report,
    page: 'overview',
    visual_id,
    filters,
    date_range: { from: FIRST_DAY, to: LAST_DAY },
    sort: null,
  };
}

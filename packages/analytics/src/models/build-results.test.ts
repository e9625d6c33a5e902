import { describe, expect, it } from 'vitest';
import { buildModels } from './build';
import { D1, D2, MODELS, useModelWarehouse } from '../../test/build-fixture';
import { packValue } from './packed-key';

/**
 * What the models hold once built from the raw ad tables: every campaign-day whole in
 * marketing_performance, every Meta action in conversions.
 */

describe('buildModels', () => {
  const ctx = useModelWarehouse();

  it('keeps every campaign-day whole: ad groups, and the rest of the campaign on ad group ""', async () => {
    const { wh, select } = ctx;
    const result = await buildModels(wh, MODELS);
    expect(result.models.find((x) => x.name === 'marketing_performance')).toEqual({
      name: 'marketing_performance',
      rows: 10,
    });
    const rows = await select(
      `SELECT date, source_service, channel, campaign_id, ad_group_id, campaign_name, campaign_type, ad_group_name,
         currency, cost_micros, cost_minor, clicks, conversions, conversion_value_micros, conversion_value_minor
       FROM analytics.marketing_performance ORDER BY source_service, date, campaign_id, ad_group_id`,
    );
    const google = { source_service: 'google_ads', channel: 'Google Ads', currency: 'USD' };
    const meta = {
      source_service: 'facebook_ads',
      channel: 'Meta Ads',
      currency: 'JPY',
      campaign_name: 'Sale',
      campaign_type: 'Sales',
    };
    expect(rows).toEqual([
      {
        ...meta,
        date: D1,
        campaign_id: 'm1',
        ad_group_id: '',
        ad_group_name: null,
        cost_micros: 0,
        cost_minor: 0,
        clicks: 0,
        conversions: 2,
        conversion_value_micros: 5_000_000_000,
        conversion_value_minor: 5_000,
      },
      {
        ...meta,
        date: D1,
        campaign_id: 'm1',
        ad_group_id: 's1',
        ad_group_name: 'Set 1',
        cost_micros: 3_000_000,
        cost_minor: 3,
        clicks: 1,
        conversions: 0,
        conversion_value_micros: 0,
        conversion_value_minor: 0,
      },
      {
        ...meta,
        date: D1,
        campaign_id: 'm1',
        ad_group_id: 's2',
        ad_group_name: 'Set 2',
        cost_micros: 2_000_000,
        cost_minor: 2,
        clicks: 1,
        conversions: 0,
        conversion_value_micros: 0,
        conversion_value_minor: 0,
      },
      // A lead and three custom conversions on a day without delivery still count, with no
      // campaign report row to name them.
      {
        ...meta,
        date: D2,
        campaign_id: 'm1',
        ad_group_id: '',
        ad_group_name: null,
        cost_micros: 0,
        cost_minor: 0,
        clicks: 0,
        conversions: 4,
        conversion_value_micros: null,
        conversion_value_minor: null,
      },
      // The campaign's latest name on every day; its ad groups add up, so no campaign-level row.
      {
        ...google,
        date: D1,
        campaign_id: 'c1',
        ad_group_id: 'a1',
        campaign_name: 'Brand',
        campaign_type: 'Search',
        ad_group_name: 'Group a1',
        cost_micros: 1_000_000,
        cost_minor: 100,
        clicks: 10,
        conversions: 0.5,
        conversion_value_micros: 2_340_000,
        conversion_value_minor: 234,
      },
      {
        ...google,
        date: D1,
        campaign_id: 'c1',
        ad_group_id: 'a2',
        campaign_name: 'Brand',
        campaign_type: 'Search',
        ad_group_name: 'Group a2',
        cost_micros: 2_000_000,
        cost_minor: 200,
        clicks: 20,
        conversions: 1,
        conversion_value_micros: 10_000_000,
        conversion_value_minor: 1_000,
      },
      {
        ...google,
        date: D1,
        campaign_id: 'c3',
        ad_group_id: '',
        campaign_name: 'Partly',
        campaign_type: 'Search',
        ad_group_name: null,
        cost_micros: 1_000_000,
        cost_minor: 100,
        clicks: 10,
        conversions: 0.5,
        conversion_value_micros: 5_000_000,
        conversion_value_minor: 500,
      },
      {
        ...google,
        date: D1,
        campaign_id: 'c3',
        ad_group_id: 'a3',
        campaign_name: 'Partly',
        campaign_type: 'Search',
        ad_group_name: 'Group a3',
        cost_micros: 3_000_000,
        cost_minor: 300,
        clicks: 30,
        conversions: 1.5,
        conversion_value_micros: 15_000_000,
        conversion_value_minor: 1_500,
      },
      {
        ...google,
        date: D1,
        campaign_id: 'pmax',
        ad_group_id: '',
        campaign_name: 'Performance Max',
        campaign_type: 'Search',
        ad_group_name: null,
        cost_micros: 2_500_000,
        cost_minor: 250,
        clicks: 25,
        conversions: 3,
        conversion_value_micros: 99_990_000,
        conversion_value_minor: 9_999,
      },
      {
        ...google,
        date: D2,
        campaign_id: 'c1',
        ad_group_id: 'a1',
        campaign_name: 'Brand',
        campaign_type: 'Search',
        ad_group_name: 'Group a1',
        cost_micros: 1_000_000,
        cost_minor: 100,
        clicks: 10,
        conversions: 0.25,
        conversion_value_micros: 100_000,
        conversion_value_minor: 10,
      },
    ]);
  });

  it('packs the channel and campaign name of each row into channel_campaign', async () => {
    const { wh, select } = ctx;
    await buildModels(wh, MODELS);
    const rows = await select(
      'SELECT channel, campaign_name, channel_campaign FROM analytics.marketing_performance',
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      const { channel, campaign_name: name } = row as Record<string, string | null>;
      expect(row.channel_campaign).toBe(packValue(channel ?? null, name ?? null));
    }
  });

  it('keeps every Meta action in conversions and flags the ones that count, custom conversions included', async () => {
    const { wh, select } = ctx;
    await buildModels(wh, MODELS);
    expect(
      await select(
        'SELECT date, conversion_name, counts_as_conversion, conversions, conversion_value_minor FROM analytics.conversions ORDER BY date, conversion_name',
      ),
    ).toEqual([
      {
        date: D1,
        conversion_name: 'link_click',
        counts_as_conversion: false,
        conversions: 40,
        conversion_value_minor: null,
      },
      {
        date: D1,
        conversion_name: 'offsite_conversion.fb_pixel_purchase',
        counts_as_conversion: false,
        conversions: 2,
        conversion_value_minor: 5_000,
      },
      {
        date: D1,
        conversion_name: 'purchase',
        counts_as_conversion: true,
        conversions: 2,
        conversion_value_minor: 5_000,
      },
      {
        date: D2,
        conversion_name: 'lead',
        counts_as_conversion: true,
        conversions: 1,
        conversion_value_minor: null,
      },
      {
        date: D2,
        conversion_name: 'offsite_conversion.custom.738400000000001',
        counts_as_conversion: true,
        conversions: 3,
        conversion_value_minor: null,
      },
    ]);
  });

  it("counts the organization's chosen Meta action types instead, in conversions and marketing performance", async () => {
    const { wh, select } = ctx;
    const counted = async () =>
      select(
        `SELECT conversion_name FROM analytics.conversions
         WHERE source_service = 'facebook_ads' AND counts_as_conversion ORDER BY conversion_name`,
      );
    const metaConversions = async () =>
      Number(
        (
          await select(
            `SELECT sum(conversions) AS n FROM analytics.marketing_performance WHERE source_service = 'facebook_ads'`,
          )
        )[0]?.n ?? 0,
      );
    await buildModels(wh, {
      ...MODELS,
      settings: { metaConversionActionTypes: ['link_click', 'offsite_conversion.fb_pixel_purchase'] },
    });
    expect(await counted()).toEqual([
      { conversion_name: 'link_click' },
      { conversion_name: 'offsite_conversion.fb_pixel_purchase' },
    ]);
    expect(await metaConversions()).toBe(42);
    // One custom conversion by its id; nothing chosen counts nothing.
    await buildModels(wh, {
      ...MODELS,
      settings: { metaConversionActionTypes: ['offsite_conversion.custom.738400000000001'] },
    });
    expect(await counted()).toEqual([{ conversion_name: 'offsite_conversion.custom.738400000000001' }]);
    expect(await metaConversions()).toBe(3);
    await buildModels(wh, { ...MODELS, settings: { metaConversionActionTypes: [] } });
    expect(await counted()).toEqual([]);
    expect(await metaConversions()).toBe(0);
    // Without settings: the default (purchase, lead, the custom conversions), 2 + 1 + 3.
    await buildModels(wh, MODELS);
    expect(await metaConversions()).toBe(6);
  });
});

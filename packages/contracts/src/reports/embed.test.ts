import { describe, expect, it } from 'vitest';
import {
  EmbedAccessResponseSchema,
  EmbedFilterOptionsRequestSchema,
  EmbedGrantParamsSchema,
  EmbedQueryRequestSchema,
  EmbedTokenRequestSchema,
  embedFilterIsOpen,
  embedSnippet,
} from './embed';

describe('embed contracts', () => {
  it('asks for the organization and the state; no expiry and no filtering unless asked', () => {
    const organization_id = '0b3c5a1e-6a59-4b61-9b0c-1d2e3f4a5b6c';
    expect(EmbedTokenRequestSchema.parse({ organization_id, state: null })).toEqual({
      organization_id,
      state: null,
      expires_at: null,
      allow_filtering: false,
    });
    expect(EmbedTokenRequestSchema.safeParse({ organization_id }).success).toBe(false);
    const later = {
      organization_id,
      state: null,
      expires_at: '2030-01-01T10:00:00+02:00',
      allow_filtering: true,
    };
    expect(EmbedTokenRequestSchema.parse(later)).toEqual(later);
    for (const expires_at of ['tomorrow', '', 12, '2030-01-01']) {
      expect(EmbedTokenRequestSchema.safeParse({ ...later, expires_at }).success, String(expires_at)).toBe(
        false,
      );
    }
    expect(EmbedTokenRequestSchema.safeParse({ ...later, allow_filtering: null }).success).toBe(false);
    const query = { page: 'overview', visual_id: 'kpi', filters: [], date_range: null, sort: null };
    expect(EmbedQueryRequestSchema.parse({ ...query, organization_id, report: '-maya' })).toEqual(query);
    expect(EmbedQueryRequestSchema.safeParse({ ...query, page: undefined }).success).toBe(false);
  });

  it('names a grant by its report and id, and lists filter values of a page', () => {
    expect(EmbedGrantParamsSchema.safeParse({ slug: '-maya', embed_id: 'x' }).success).toBe(false);
    const values = { datasetId: 'marketing', table: 'performance', column: 'channel' };
    expect(EmbedFilterOptionsRequestSchema.parse(values)).toEqual({ ...values, cursor: null });
    expect(EmbedFilterOptionsRequestSchema.parse({ ...values, page: 'overview' }).page).toBe('overview');
  });

  it('leaves open only the filters that filter nothing', () => {
    const base = { id: 'c', table: 'performance', column: 'channel' };
    expect(embedFilterIsOpen({ ...base, kind: 'list', mode: 'include', values: [] })).toBe(true);
    expect(embedFilterIsOpen({ ...base, kind: 'list', mode: 'exclude', values: [] })).toBe(true);
    expect(embedFilterIsOpen({ ...base, kind: 'list', mode: 'include', values: [null] })).toBe(false);
    expect(embedFilterIsOpen({ ...base, kind: 'advanced_text', operator: 'is_not_blank', value: null })).toBe(
      false,
    );
  });

  it('answers the access fields, the state, the organization’s currency and what viewers may do', () => {
    expect(Object.keys(EmbedAccessResponseSchema.shape).sort()).toEqual([
      'allow_filtering',
      'currency_id',
      'data_through',
      'document',
      'labels',
      'report',
      'state',
      // The zones of the accounts behind the report (decision 731); optional, an embed sends none yet.
      'time_zones',
      'warnings',
    ]);
  });

  it('writes an iframe snippet with the title escaped', () => {
    expect(embedSnippet('https://app.example/embed/a.b', 'Spend "EU" & <more>')).toBe(
      '<iframe src="https://app.example/embed/a.b" title="Spend &quot;EU&quot; &amp; &lt;more>" width="100%" height="800" style="border:0" allowfullscreen></iframe>',
    );
  });
});

import { describe, expect, it } from 'vitest';
import {
  EMBED_TOKEN_LIFETIME_SECONDS,
  EmbedAccessResponseSchema,
  EmbedQueryRequestSchema,
  EmbedTokenRequestSchema,
  embedSnippet,
} from './embed';

describe('embed contracts', () => {
  it('lives an hour', () => {
    expect(EMBED_TOKEN_LIFETIME_SECONDS).toBe(3600);
  });

  it('asks for the organization and the state, and queries without them', () => {
    const organization_id = '0b3c5a1e-6a59-4b61-9b0c-1d2e3f4a5b6c';
    expect(EmbedTokenRequestSchema.safeParse({ organization_id, state: null }).success).toBe(true);
    expect(EmbedTokenRequestSchema.safeParse({ organization_id }).success).toBe(false);
    const query = { page: 'overview', visual_id: 'kpi', filters: [], date_range: null, sort: null };
    expect(EmbedQueryRequestSchema.parse({ ...query, organization_id, report: '-maya' })).toEqual(query);
    expect(EmbedQueryRequestSchema.safeParse({ ...query, page: undefined }).success).toBe(false);
  });

  it('answers the access fields, the state and the organization’s currency', () => {
    expect(Object.keys(EmbedAccessResponseSchema.shape).sort()).toEqual([
      'currency_id',
      'data_through',
      'document',
      'report',
      'state',
      'warnings',
    ]);
  });

  it('writes an iframe snippet with the title escaped', () => {
    expect(embedSnippet('https://app.example/embed/a.b', 'Spend "EU" & <more>')).toBe(
      '<iframe src="https://app.example/embed/a.b" title="Spend &quot;EU&quot; &amp; &lt;more>" width="100%" height="800" style="border:0" allowfullscreen></iframe>',
    );
  });
});

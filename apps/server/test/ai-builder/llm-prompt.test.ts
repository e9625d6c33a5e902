// What the language model is told about the organization's values: each with the other names
// marketers type for it, so that "Germany" or "facebook" in a prompt maps to a value of the data.
import { MARKETING_SEMANTIC_MODEL, MAYA_REPORT, SEARCH_SEMANTIC_MODEL, SEO_REPORT } from '@maya/analytics';
import { describe, expect, it } from 'vitest';
import { systemPrompt } from '../../src/modules/ai-builder';

describe('the system prompt', () => {
  it('lists country codes with their names', () => {
    const text = systemPrompt(
      SEO_REPORT,
      SEARCH_SEMANTIC_MODEL,
      new Map([['totals.country', ['deu', 'gbr']]]),
      '2026-11-21',
    );
    expect(text).toContain(
      '- totals.country: "deu" (Germany, Federal Republic of Germany, DE, DEU), "gbr" (United Kingdom',
    );
  });

  it('lists channels with their platforms’ names, and values without others as they are', () => {
    const text = systemPrompt(
      MAYA_REPORT,
      MARKETING_SEMANTIC_MODEL,
      new Map([['performance.channel', ['Meta Ads', 'Other', null]]]),
      '2026-11-21',
    );
    expect(text).toContain(
      '- performance.channel: "Meta Ads" (meta, facebook, facebook ads, fb), "Other", null',
    );
  });
});

import { describe, expect, it } from 'vitest';
import {
  countsAsConversion,
  isChoosableActionType,
  META_ACTION_TYPE_OPTIONS,
  META_DEFAULT_CONVERSION_ACTION_TYPES,
} from './conversion-settings';

describe("Meta's conversion action types", () => {
  it('counts exact types, and every custom conversion under the wildcard', () => {
    const chosen = ['purchase', 'offsite_conversion.custom.*'];
    expect(countsAsConversion('purchase', chosen)).toBe(true);
    expect(countsAsConversion('offsite_conversion.custom.738400000000001', chosen)).toBe(true);
    expect(countsAsConversion('offsite_conversion.fb_pixel_purchase', chosen)).toBe(false);
    expect(countsAsConversion('lead', chosen)).toBe(false);
    expect(countsAsConversion('purchase', [])).toBe(false);
  });

  it('offers the default types, and accepts only offered types or one custom conversion', () => {
    const offered = META_ACTION_TYPE_OPTIONS.map((o) => o.action_type as string);
    expect(META_DEFAULT_CONVERSION_ACTION_TYPES.filter((t) => !offered.includes(t))).toEqual([]);
    expect(isChoosableActionType('link_click')).toBe(true);
    expect(isChoosableActionType('offsite_conversion.custom.42')).toBe(true);
    expect(isChoosableActionType('offsite_conversion.custom.')).toBe(false);
    expect(isChoosableActionType("purchase' OR 1=1")).toBe(false);
    expect(isChoosableActionType('made_up')).toBe(false);
  });
});

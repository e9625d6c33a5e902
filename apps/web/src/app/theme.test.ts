import { DEFAULT_THEME, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { HEADER } from '../features/ai-builder/components/ChatPanel';
import { AA_TEXT, contrast, cssVariablesResolver, readableLightColor, theme } from './theme';

describe('the theme reads at WCAG AA contrast (issue 23)', () => {
  const merged = mergeMantineTheme(DEFAULT_THEME, theme);
  const gray = merged.colors.gray;
  const shade = typeof merged.primaryShade === 'number' ? merged.primaryShade : merged.primaryShade.light;
  const primary = merged.colors[merged.primaryColor]?.[shade] ?? '';

  it.each([
    ['white', merged.white],
    ['gray.0', gray[0]],
    ['gray.1', gray[1]],
    ['gray.2', gray[2]],
  ])('dimmed text (gray.6) on %s', (_name, background) => {
    expect(contrast(gray[6], background)).toBeGreaterThanOrEqual(AA_TEXT);
  });

  it('white labels on primary buttons, and primary links on white', () => {
    expect(contrast(merged.white, primary)).toBeGreaterThanOrEqual(AA_TEXT);
  });

  it("the AI Builder panel's header: white title and light subtitle on its background", () => {
    // Mantine's 'name.shade' colour tokens, as the component passes them.
    const color = (token: string) => {
      const [name = '', shade] = token.split('.');
      return merged.colors[name]?.[Number(shade)] ?? '';
    };
    const background = color(HEADER.background);
    const subtitle = color(HEADER.subtitle);
    expect(contrast(merged.white, background)).toBeGreaterThanOrEqual(AA_TEXT);
    expect(contrast(subtitle, background)).toBeGreaterThanOrEqual(AA_TEXT);
  });

  it.each([6, 7] as const)('error text and danger buttons (red.%i) on white', (index) => {
    expect(contrast(merged.colors.red[index], merged.white)).toBeGreaterThanOrEqual(AA_TEXT);
  });

  it.each(Object.keys(merged.colors))('light badges and buttons in %s, resting and hovered', (name) => {
    const colors = merged.colors[name]!;
    const text = readableLightColor(colors);
    expect(contrast(text, colors[1])).toBeGreaterThanOrEqual(AA_TEXT);
    expect(contrast(text, colors[2])).toBeGreaterThanOrEqual(AA_TEXT);
    expect(cssVariablesResolver(merged).light[`--mantine-color-${name}-light-color`]).toBe(text);
  });
});

import { Button, MantineProvider, useMantineContext } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../shared/api/queryClient';
import { AppProviders } from './AppProviders';
import { cssVariablesResolver, theme } from './theme';
import { themeStylesheet } from './themeStylesheet';

/** The style elements `MantineProvider` writes into the page, in order. */
function providerStyles(container: HTMLElement): string {
  return [...container.querySelectorAll('style[data-mantine-styles]')].map((s) => s.innerHTML).join('\n');
}

describe('the theme stylesheet written at build time (decision 701)', () => {
  it("is what MantineProvider writes at run time with the app's theme", () => {
    const { container } = render(
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
        <p>page</p>
      </MantineProvider>,
    );
    const written = providerStyles(container);
    // Not empty: the theme overrides colours, the primary colour, radius and fonts.
    expect(written).toContain('--mantine-primary-color-filled');
    expect(written).toContain('--mantine-color-indigo-light-color');
    expect(written).toContain('mantine-hidden-from-sm');
    expect(themeStylesheet()).toBe(`${written}\n`);
  });

  it("gives Mantine's components the app's theme without writing any style element", () => {
    const { container } = render(
      <AppProviders queryClient={createQueryClient()}>
        <Button>Sign in</Button>
      </AppProviders>,
    );
    // The theme's default props for buttons (theme.ts): the theme reaches the components.
    expect(screen.getByRole('button', { name: 'Sign in' })).toHaveStyle({ fontWeight: '600' });
    expect(providerStyles(container)).toBe('');
  });

  it("gives Mantine's components the settings MantineProvider gives them", () => {
    const settings: Record<string, unknown>[] = [];
    function Reader() {
      const context = useMantineContext();
      const { colorScheme, classNamesPrefix, cssVariablesSelector, withStaticClasses } = context;
      const { headless, env, deduplicateInlineStyles, stylesTransform, getStyleNonce } = context;
      settings.push({
        colorScheme,
        classNamesPrefix,
        cssVariablesSelector,
        withStaticClasses,
        headless,
        env,
      });
      settings.push({ deduplicateInlineStyles, stylesTransform, getStyleNonce });
      return null;
    }
    render(
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
        <Reader />
      </MantineProvider>,
    );
    const provider = settings.splice(0);
    render(
      <AppProviders queryClient={createQueryClient()}>
        <Reader />
      </AppProviders>,
    );
    expect(settings.slice(0, 2)).toEqual(provider.slice(0, 2));
    expect(provider[0]).toMatchObject({ colorScheme: 'light', cssVariablesSelector: ':root' });
  });
});

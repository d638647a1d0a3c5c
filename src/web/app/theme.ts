import { createTheme, type CSSVariablesResolver } from '@mantine/core';

/**
 * Shade 8 of the primary colour keeps white button text and link text above
 * the WCAG AA contrast ratio (4.5:1) on white.
 */
export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: { light: 8, dark: 4 },
  focusRing: 'auto',
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '700' },
  defaultRadius: 'sm',
});

/**
 * Mantine's default dimmed text (gray 6, 3.3:1) and error text (red 6, 3.3:1)
 * are below AA contrast on white; gray 7 (8.2:1) and red 9 (5.5:1) are not.
 */
export const cssVariablesResolver: CSSVariablesResolver = (t) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': t.colors.gray[7] ?? '#495057',
    '--mantine-color-error': t.colors.red[9] ?? '#c92a2a',
  },
  dark: {},
});

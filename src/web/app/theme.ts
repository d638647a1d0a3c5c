import {
  createTheme,
  darken,
  getPrimaryShade,
  luminance,
  type CSSVariablesResolver,
  type MantineTheme,
} from '@mantine/core';

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
  components: {
    // A modal's <header> (title and close button) is not scoped by a sectioning
    // element, so it would be a second banner landmark beside the site header.
    // Plain object (not Modal.extend): Modal stays out of the first bundle.
    // A long username or church name in a dialog breaks instead of pushing it sideways
    // (dialogs render outside the page's shell, which sets the same rule).
    // Long usernames, emails and file names may break anywhere inside a table cell, so
    // that a table fits its column instead of scrolling sideways; buttons keep their width.
    Table: { styles: { td: { overflowWrap: 'anywhere' } } },
    Modal: {
      defaultProps: { attributes: { header: { role: 'none' } } },
      styles: { content: { overflowWrap: 'break-word' } },
    },
  },
});

/** The WCAG contrast ratio of two colours. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** AA asks for 4.5:1; a little more leaves room for the 0.9 opacity of active NavLink descriptions. */
const TARGET = 5;

/** `color`, darkened in 5 % steps until it reaches the target contrast on every background. */
export function readable(color: string, backgrounds: readonly string[]): string {
  for (let step = 0; step < 20; step++) {
    const candidate = step === 0 ? color : darken(color, step * 0.05);
    if (backgrounds.every((bg) => contrastRatio(candidate, bg) >= TARGET)) return candidate;
  }
  return '#000';
}

/**
 * Mantine's default filled colours (shade 8 under white text: green 3.4:1,
 * yellow 2.5:1, orange 3.6:1…) and light-variant text (shade 9 on shade 1 or 2:
 * yellow 2.7:1, orange 3.6:1…) fall below AA for several colours. Those
 * variables are darkened just enough; colours that pass keep Mantine's values.
 */
function contrastVariables(t: MantineTheme): Record<string, string> {
  const shade = getPrimaryShade(t, 'light');
  const white = t.white;
  const vars: Record<string, string> = {};
  for (const [name, c] of Object.entries(t.colors)) {
    const filled = readable(c[shade]!, [white]);
    if (filled !== c[shade]) {
      vars[`--mantine-color-${name}-filled`] = filled;
      vars[`--mantine-color-${name}-filled-hover`] = darken(filled, 0.1);
      vars[`--mantine-color-${name}-outline`] = filled;
    }
    const lightColor = readable(c[9]!, [c[1]!, c[2]!]);
    if (lightColor !== c[9]) vars[`--mantine-color-${name}-light-color`] = lightColor;
  }
  return vars;
}

/**
 * Mantine's default dimmed text (gray 6, 3.3:1) and error text (red 6, 3.3:1)
 * are below AA contrast on white; gray 7 (8.2:1) and red 9 (5.5:1) are not.
 * Placeholders (gray 5, 2.1:1; shown as text by FileInput) are darkened to
 * 5:1, still lighter than typed text.
 */
export const cssVariablesResolver: CSSVariablesResolver = (t) => ({
  variables: {},
  light: {
    ...contrastVariables(t),
    '--mantine-color-dimmed': t.colors.gray[7] ?? '#495057',
    '--mantine-color-error': t.colors.red[9] ?? '#c92a2a',
    '--mantine-color-placeholder': readable(t.colors.gray[5] ?? '#adb5bd', [t.white]),
  },
  dark: {},
});

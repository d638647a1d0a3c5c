import { em, px, useMantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';

/**
 * True below the theme's `sm` breakpoint (a phone): screens then show stacked
 * cards instead of tables, and shorter labels where a full one would not fit.
 * The first render is already right in a browser (no flash of the table); in
 * tests (happy-dom, 1024 px wide) it is false.
 */
export function useIsPhone(): boolean {
  const { breakpoints } = useMantineTheme();
  const sm = px(breakpoints.sm);
  // The same edge as Mantine's `hiddenFrom="sm"`: just under the breakpoint.
  const below = typeof sm === 'number' && Number.isFinite(sm) ? em(sm - 0.1) : '47.99375em';
  return useMediaQuery(`(max-width: ${below})`, undefined, { getInitialValueInEffect: false });
}

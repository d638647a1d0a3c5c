import path from 'node:path';
import type { Locator, Page } from '@playwright/test';

/** Screenshots for review (git-ignored, and not the run's own output folder, which Playwright empties). */
export const SCREENS = path.join('test-results', 'screens');
/** A phone and a desktop. */
export const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];

/**
 * Photographs the page (whole, or only `target`; `fullPage` false: the
 * viewport) at each width of VIEWPORTS into SCREENS as `<name>-<w>x<h>.png`,
 * then gives the page its size back.
 */
export async function screens(
  page: Page,
  name: string,
  { target, fullPage = true }: { target?: Locator; fullPage?: boolean } = {},
) {
  const size = page.viewportSize();
  for (const vp of VIEWPORTS) {
    await page.setViewportSize(vp);
    // Let the layout (and Mantine's media queries) settle at the new width.
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );
    const file = path.join(SCREENS, `${name}-${vp.width}x${vp.height}.png`);
    if (target) await target.screenshot({ path: file, animations: 'disabled' });
    else await page.screenshot({ path: file, fullPage, animations: 'disabled' });
  }
  if (size) await page.setViewportSize(size);
}

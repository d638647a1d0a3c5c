import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures.js';

/**
 * Checks shared by the accessibility and the phone-layout journeys: when a page
 * has settled, when a dialog has opened, axe-core, and whether a page fits a
 * phone's width.
 */

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];
/** The map is a cross-origin OpenStreetMap frame: its inside is not ours to check. */
export const MAP_FRAME = 'iframe[title^="Map showing"]';

/** Reservations of the page checks take random days 20 to 50 months ahead, clear of the other specs' days. */
export const FAR_AHEAD = { from: 610, to: 1520 };

/** Every public page, the auth screens and the 404 page (no login needed). */
export const PUBLIC_PAGES = [
  '/',
  '/about',
  '/gallery',
  '/facilities',
  '/facilities/floor-plans',
  '/facilities/outdoor-areas',
  '/facilities/availability',
  '/login',
  '/register',
  '/forgot-password',
  '/reset-password?token=x&username=y',
  '/no/such/page',
] as const;

/** The page has its content: an h1, no spinner, nothing marked busy. */
export async function settled(page: Page) {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.locator('.mantine-Loader-root')).toHaveCount(0);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

/** Opens a page, waits until it has settled, and checks it with axe-core. */
export async function visitAndCheck(page: Page, url: string) {
  await page.goto(url);
  await settled(page);
  await expectNoViolations(page, url);
}

/** Waits until a Mantine modal has finished its opening transition (axe measures colours as shown). */
export async function dialogOpen(dialog: Locator) {
  await expect(dialog).toBeVisible();
  await expect
    .poll(() =>
      dialog.page().evaluate(() =>
        [...document.querySelectorAll('.mantine-Modal-overlay, .mantine-Modal-content')].map(
          (el) => {
            const style = getComputedStyle(el);
            return `${style.opacity} ${style.transform}`;
          },
        ),
      ),
    )
    .toEqual(['1 none', expect.stringMatching(/^1 (none|matrix\(1, 0, 0, 1, 0, 0\))$/)]);
}

/** Runs axe on the page as it is now: every violation is listed, none is allowed. */
export async function expectNoViolations(page: Page, what: string) {
  const results = await new AxeBuilder({ page }).withTags(TAGS).exclude(MAP_FRAME).analyze();
  const found = results.violations.map(
    (v) =>
      `${v.id} [${v.impact}] ${v.help}\n` +
      v.nodes
        .map((n) => `    ${n.target.join(' >> ')}: ${n.failureSummary?.replace(/\n/g, ' ')}`)
        .join('\n'),
  );
  // Soft: one run reports the violations of every page, not just the first.
  expect.soft(found, `axe violations on ${what}`).toEqual([]);
}

/**
 * What keeps the page (or the part of it under `scope`) from fitting the
 * viewport's width, as sentences; none when it fits:
 * - the document scrolls sideways;
 * - a box scrolls sideways inside the page (a table wider than the phone),
 *   unless it is a data table's own labelled region that the keyboard can
 *   reach and scroll (WCAG 1.4.10 leaves data tables out of reflow): then
 *   the region must fit, and its cells may lie beyond its edges;
 * - a piece of visible text, or a control, reaches past the viewport's edges;
 * - text is cut by its own box or by an ancestor that hides overflow, unless
 *   it ends in an ellipsis and the full text is there as a title or label.
 * Text scrolled wholly out of a clipping box (a carousel's other slides) is
 * not visible and not counted; neither is visually hidden text.
 */
export async function layoutProblems(page: Page, scope = 'body'): Promise<string[]> {
  return page.evaluate((scopeSelector) => {
    const problems: string[] = [];
    const root = document.querySelector(scopeSelector);
    if (!root) return [`nothing matches ${scopeSelector}`];
    const doc = document.documentElement;
    const vw = doc.clientWidth;
    if (doc.scrollWidth > vw + 1)
      problems.push(`the document scrolls sideways: ${doc.scrollWidth}px wide in ${vw}px`);

    const name = (el: Element) => {
      const text = (el.getAttribute('aria-label') || el.textContent || '').trim().slice(0, 60);
      const cls = typeof el.className === 'string' ? el.className.split(' ')[0] : '';
      return `<${el.tagName.toLowerCase()}${cls ? `.${cls}` : ''}> "${text}"`;
    };
    const hides = (style: CSSStyleDeclaration) =>
      ['hidden', 'clip', 'auto', 'scroll'].includes(style.overflowX);
    const ownText = (el: Element) =>
      [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim());
    const isTableScroller = (el: Element) =>
      el.matches('[role="region"][tabindex="0"]:is([aria-label], [aria-labelledby])') &&
      el.querySelector('table') !== null;
    const isControl = (el: Element) =>
      el.matches('a[href], button, input:not([type=hidden]), select, textarea, [role=button]');
    const fullTextAvailable = (el: Element) => {
      const text = (el.textContent || '').trim();
      for (let a: Element | null = el; a && a !== document.body; a = a.parentElement) {
        const title = a.getAttribute('title') || a.getAttribute('aria-label') || '';
        if (title && title.includes(text.replace(/…$/, ''))) return true;
      }
      return false;
    };

    for (const el of [root, ...root.querySelectorAll('*')]) {
      const style = getComputedStyle(el);
      if (style.display === 'none' || style.visibility === 'hidden') continue;
      const rect = el.getBoundingClientRect();
      if (rect.width < 2 || rect.height < 2) continue; // visually hidden, or empty

      // A box that scrolls sideways inside the page; a data table's region may, if it fits.
      if (isTableScroller(el)) {
        if (rect.left < -1 || rect.right > vw + 1)
          problems.push(
            `${name(el)} reaches past the viewport (${Math.round(rect.left)}–${Math.round(rect.right)} of ${vw}px)`,
          );
      } else if (
        ['auto', 'scroll'].includes(style.overflowX) &&
        el.scrollWidth > el.clientWidth + 1 &&
        el !== doc &&
        el !== document.body
      )
        problems.push(
          `${name(el)} scrolls sideways inside the page (${el.scrollWidth}px in ${el.clientWidth}px)`,
        );

      if (!ownText(el) && !isControl(el)) continue;
      if (el.closest('[aria-hidden="true"]') && !isControl(el)) continue;

      // Clipped by an ancestor: wholly outside it is not visible; partly is cut.
      // A data table's region shows the rest of its cells as it scrolls.
      const region = el.parentElement?.closest('[role="region"][tabindex="0"]');
      const scroller = region && isTableScroller(region) ? region : null;
      let hidden = false;
      let cutBy: Element | null = null;
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
        if (a === scroller) continue;
        const aStyle = getComputedStyle(a);
        if (!hides(aStyle) && aStyle.overflowY === 'visible') continue;
        const box = a.getBoundingClientRect();
        if (rect.right <= box.left + 1 || rect.left >= box.right - 1) hidden = true;
        else if (rect.left < box.left - 1 || rect.right > box.right + 1) cutBy ??= a;
      }
      if (hidden) continue;
      if (cutBy) problems.push(`${name(el)} is cut off by ${name(cutBy)}`);
      if (!scroller && (rect.left < -1 || rect.right > vw + 1))
        problems.push(
          `${name(el)} reaches past the viewport (${Math.round(rect.left)}–${Math.round(rect.right)} of ${vw}px)`,
        );
      if (ownText(el) && hides(style) && el.scrollWidth > el.clientWidth + 1) {
        if (style.textOverflow !== 'ellipsis')
          problems.push(`${name(el)} cuts its text (${el.scrollWidth}px in ${el.clientWidth}px)`);
        else if (!fullTextAvailable(el))
          problems.push(`${name(el)} ends in an ellipsis with no full text in a title or label`);
      }
    }
    return [...new Set(problems)];
  }, scope);
}

/** The page (or `scope`) fits the viewport's width; every problem is listed. */
export async function expectFits(page: Page, what: string, scope?: string) {
  expect.soft(await layoutProblems(page, scope), `layout problems on ${what}`).toEqual([]);
}

import { expect, type Page } from '@playwright/test';
import { monthName, shiftMonth } from '../../src/shared/dates.js';

/** A month `n` months after the current one (UTC), with its title and day keys. */
export function monthAhead(n: number) {
  const now = new Date();
  const { year, month } = shiftMonth(now.getUTCFullYear(), now.getUTCMonth() + 1, n);
  const key = (day: number) =>
    `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  return { year, month, title: `${monthName(month)} ${year}`, key };
}

const fullDate = new Intl.DateTimeFormat('en-US', {
  weekday: 'long',
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  timeZone: 'UTC',
});
/** "Wednesday, March 10, 2027": how the calendar names a day, in any browser zone. */
export const dateName = (key: string) => fullDate.format(new Date(`${key}T00:00:00.000Z`));

/** Clicks 'Next month' until the calendar shows `title`. */
export async function showMonth(page: Page, title: string) {
  const heading = page.getByRole('heading', { name: title, exact: true });
  for (let i = 0; i < 24 && !(await heading.isVisible()); i++) {
    await page.getByRole('button', { name: 'Next month' }).click();
  }
  await expect(heading).toBeVisible();
}

/**
 * The first day of a random run of `length` consecutive days that the shown
 * month offers as 'available'. The e2e database is shared by every spec of a
 * run (reservations, closures and their turnover days land anywhere), so a
 * test that clicks days picks them from what the calendar shows.
 */
export async function availableRun(page: Page, length: number): Promise<number> {
  await expect(page.locator('[role="grid"][aria-busy="true"]')).toHaveCount(0);
  const days = await page.locator('button[data-day]').evaluateAll((buttons) =>
    buttons.map((b) => ({
      key: b.getAttribute('data-day') ?? '',
      name: b.getAttribute('aria-label') ?? '',
    })),
  );
  const free = new Set(
    days.filter((d) => d.name.endsWith(', available')).map((d) => Number(d.key.slice(8))),
  );
  const starts = [...free].filter((d) =>
    Array.from({ length }, (_, i) => d + i).every((x) => free.has(x)),
  );
  expect(starts.length, `no ${length} available days in a row`).toBeGreaterThan(0);
  return starts[Math.floor(Math.random() * starts.length)]!;
}

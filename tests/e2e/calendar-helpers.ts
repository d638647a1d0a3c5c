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

import { monthName, shiftMonth } from '../../src/shared/dates.js';
import { api, expect, memberOnPage, test, unique } from './fixtures.js';
import { availableRun, dateName, showMonth } from './calendar-helpers.js';
import { atEachWidth, check, navigationClickableUnderToast } from './phone-checks.js';

/**
 * The request as docs/product.md §5 gives it: choose the dates, type the
 * event's name and description, press Submit, see the notification. Expected
 * guests is optional: left empty, the request goes without a count and the
 * stay is billed for the house's minimum. At 360, 390 and 1280 px the form
 * fits, and the navigation stays clickable while the notification shows.
 *
 * Its days: three in a random month 16 to 19 months ahead, clear of the other
 * specs' days (availableRun steps around any taken there).
 */
atEachWidth(() => {
  test('dates, an event name and a description, then Submit: requested, with no guest count', async ({
    page,
    admin,
  }, testInfo) => {
    test.setTimeout(90_000);
    await memberOnPage(admin, page, 'spec');
    const now = new Date();
    const { year, month } = shiftMonth(
      now.getUTCFullYear(),
      now.getUTCMonth() + 1,
      16 + Math.floor(Math.random() * 4),
    );
    const key = (d: number) =>
      `${year}-${String(month).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
    const day = (d: number) =>
      page.getByRole('button', { name: `${dateName(key(d))}, available`, exact: true });

    await page.goto('/account/reservations');
    await expect(page.getByRole('heading', { level: 1, name: 'My Reservations' })).toBeVisible();
    await showMonth(page, `${monthName(month)} ${year}`);
    const first = await availableRun(page, 3);
    await day(first).click();
    await day(first + 2).click();
    const form = page.getByRole('region', { name: 'New Reservation' });
    await expect(form).toContainText('(3 days)');

    // The guests are optional, and the field says what an empty one means.
    const guests = form.getByRole('textbox', { name: /^Expected guests/ });
    await expect(guests).toHaveValue('');
    await expect(guests).not.toHaveAttribute('required');
    await expect(guests).toHaveAccessibleDescription(
      /Left empty, the stay is priced for the house's minimum of \d+ guests\.$/,
    );
    const price = form.getByRole('region', { name: 'Price' });
    await expect(price).toContainText(/Billed for \d+ guests, the house's minimum\./);
    await expect(price.locator('[aria-busy="true"]')).toHaveCount(0);

    const eventName = `Spec retreat ${unique('')}`;
    await form.getByLabel(/^Event Name/).fill(eventName);
    await form.getByLabel(/^Event Description/).fill('Three quiet days of prayer.');
    await check(page, testInfo, 'the New Reservation form, filled in');
    const request = page.waitForRequest(
      (r) => r.url().endsWith('/api/reservations') && r.method() === 'POST',
    );
    await form.getByRole('button', { name: 'Submit Reservation Request' }).click();
    expect((await request).postDataJSON()).toMatchObject({
      startTime: `${key(first)}T00:00:00.000Z`,
      endTime: `${key(first + 2)}T23:59:59.999Z`,
      eventName,
      eventDescription: 'Three quiet days of prayer.',
      guests: null,
    });
    await expect(
      page.getByText('Your reservation request was submitted and is pending approval.'),
    ).toBeVisible();
    await navigationClickableUnderToast(page);

    const mine = (await (
      await api(page.request, 'GET', '/api/reservations/my-reservations')
    ).json()) as { eventName: string; status: string; guests: number | null }[];
    expect(mine.find((r) => r.eventName === eventName)).toMatchObject({
      status: 'pending',
      guests: null,
    });
  });
});

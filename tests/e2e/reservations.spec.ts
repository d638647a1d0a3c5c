import type { Page } from '@playwright/test';
import { messages } from '../../src/shared/messages.js';
import {
  MEMBER_PASSWORD,
  api,
  apiLogin,
  expect,
  memberOnPage,
  newMember,
  test,
  unique,
} from './fixtures.js';
import { dateName, monthAhead, showMonth } from './calendar-helpers.js';

/**
 * The member's reservation journeys. The e2e database is shared by every test
 * of a run: each test books its own month (3 to 7 months ahead, clear of the
 * admin journeys' 2028-2030 days) with its own user.
 */

const focusedDay = (page: Page) =>
  page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.day ?? null);

test('a member requests days with the keyboard alone and sees them pending', async ({
  page,
  admin,
}) => {
  await memberOnPage(admin, page, 'keys');
  const target = monthAhead(3);
  await page.goto('/account/reservations');
  await expect(page.getByRole('heading', { level: 1, name: 'My Reservations' })).toBeVisible();
  await expect(page.getByRole('grid')).toBeVisible();

  // Tab into the calendar: exactly one day is in the tab order.
  for (let i = 0; i < 40 && !(await focusedDay(page)); i++) await page.keyboard.press('Tab');
  expect(await focusedDay(page)).toBeTruthy();

  // PageDown to the target month, then arrows to the 10th.
  for (
    let i = 0;
    i < 12 && (await focusedDay(page))!.slice(0, 7) < target.key(1).slice(0, 7);
    i++
  ) {
    await page.keyboard.press('PageDown');
  }
  await expect(page.getByRole('heading', { name: target.title, exact: true })).toBeVisible();
  for (let i = 0; i < 31 && (await focusedDay(page))! > target.key(10); i++)
    await page.keyboard.press('ArrowLeft');
  for (let i = 0; i < 31 && (await focusedDay(page))! < target.key(10); i++)
    await page.keyboard.press('ArrowRight');
  expect(await focusedDay(page)).toBe(target.key(10));
  await expect(page.locator(':focus')).toHaveAccessibleName(
    `${dateName(target.key(10))}, available`,
  );

  await page.keyboard.press('Enter');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press(' ');
  await expect(page.locator(':focus')).toHaveAccessibleName(
    `${dateName(target.key(12))}, selected`,
  );
  await expect(page.getByRole('heading', { name: 'New Reservation' })).toBeVisible();

  // Tab on to the form and fill it in: the group's guests first (meals left at none).
  const eventName = `Keyboard retreat ${unique('')}`;
  const focusedName = () =>
    page.evaluate(() => document.activeElement?.getAttribute('name') ?? null);
  for (let i = 0; i < 10 && (await focusedName()) !== 'guests'; i++)
    await page.keyboard.press('Tab');
  await page.keyboard.type('20');
  await page.keyboard.press('Tab');
  expect(await focusedName()).toBe('mealPlan');
  for (let i = 0; i < 10 && (await focusedName()) !== 'eventName'; i++)
    await page.keyboard.press('Tab');
  await page.keyboard.type(eventName);
  await page.keyboard.press('Tab');
  expect(await focusedName()).toBe('eventDescription');
  await page.keyboard.type('Three days of quiet.');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Vegetarian meals');
  const submit = page.getByRole('button', { name: 'Submit Reservation Request' });
  for (let i = 0; i < 5 && !(await submit.evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press('Tab');
  }
  const request = page.waitForRequest(
    (r) => r.url().endsWith('/api/reservations') && r.method() === 'POST',
  );
  await page.keyboard.press('Enter');
  expect((await request).postDataJSON()).toMatchObject({
    startTime: `${target.key(10)}T00:00:00.000Z`,
    endTime: `${target.key(12)}T23:59:59.999Z`,
    eventName,
    guests: 20,
    mealPlan: null,
  });

  await expect(
    page.getByText('Your reservation request was submitted and is pending approval.'),
  ).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: eventName });
  await expect(row).toContainText(`${target.key(10)} to ${target.key(12)}`);
  await expect(row).toContainText('pending');
  await expect(page.getByRole('tab', { name: 'Pending (1)' })).toBeVisible();
});

for (const [timezoneId, ahead] of [
  ['Pacific/Auckland', 4],
  ['America/Los_Angeles', 5],
] as const) {
  test.describe(`in the time zone ${timezoneId}`, () => {
    test.use({ timezoneId });

    test('clicking the 10th and the 12th sends and shows exactly those UTC days', async ({
      page,
      admin,
      browser,
      baseURL,
    }) => {
      await memberOnPage(admin, page, 'zone');
      const target = monthAhead(ahead);
      await page.goto('/account/reservations');
      // The browser really runs in that zone.
      expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(
        timezoneId,
      );
      await showMonth(page, target.title);

      await page.getByRole('button', { name: `${dateName(target.key(10))}, available` }).click();
      await page.getByRole('button', { name: `${dateName(target.key(12))}, available` }).click();
      for (const d of [10, 11, 12]) {
        await expect(
          page.getByRole('button', { name: `${dateName(target.key(d))}, selected` }),
        ).toBeVisible();
      }
      const eventName = `Zone retreat ${unique('')}`;
      await page.getByRole('textbox', { name: /^Expected guests/ }).fill('12');
      await page.getByLabel(/^Event Name/).fill(eventName);
      await page.getByLabel(/^Event Description/).fill('Across the date line.');
      const request = page.waitForRequest(
        (r) => r.url().endsWith('/api/reservations') && r.method() === 'POST',
      );
      await page.getByRole('button', { name: 'Submit Reservation Request' }).click();
      const body = (await request).postDataJSON() as { startTime: string; endTime: string };
      expect(body.startTime).toBe(`${target.key(10)}T00:00:00.000Z`);
      expect(body.endTime).toBe(`${target.key(12)}T23:59:59.999Z`);

      // The same three days now show as the member's pending reservation, and no others.
      for (const d of [10, 11, 12]) {
        await expect(
          page.getByRole('button', {
            name: `${dateName(target.key(d))}, your reservation, pending`,
          }),
        ).toBeVisible();
      }
      await expect(
        page.getByRole('button', { name: `${dateName(target.key(9))}, available` }),
      ).toBeVisible();
      await expect(
        page.getByRole('button', { name: `${dateName(target.key(13))}, available` }),
      ).toBeVisible();
      await expect(page.getByRole('row').filter({ hasText: eventName })).toContainText(
        `${target.key(10)} to ${target.key(12)}`,
      );

      // A visitor in the same zone sees those days labelled 'Reserved' on the availability tab.
      const visitor = await browser.newContext({ timezoneId, baseURL });
      const publicPage = await visitor.newPage();
      await publicPage.goto('/facilities/availability');
      await expect(
        publicPage.getByRole('heading', { level: 2, name: 'Availability' }),
      ).toBeVisible();
      await showMonth(publicPage, target.title);
      for (const d of [10, 11, 12]) {
        await expect(
          publicPage.getByRole('gridcell', { name: `${dateName(target.key(d))}, reserved` }),
        ).toHaveText(`${d}Reserved`);
      }
      await expect(
        publicPage.getByRole('gridcell', { name: `${dateName(target.key(9))}, available` }),
      ).toBeVisible();
      await expect(
        publicPage.getByRole('gridcell', { name: `${dateName(target.key(13))}, available` }),
      ).toBeVisible();
      await visitor.close();
    });
  });
}

test('a member cancels a reservation after confirming', async ({ page, admin }) => {
  await memberOnPage(admin, page, 'canceller');
  const target = monthAhead(6);
  const eventName = `To cancel ${unique('')}`;
  const created = await api(page.request, 'POST', '/api/reservations', {
    startTime: `${target.key(5)}T00:00:00.000Z`,
    endTime: `${target.key(6)}T23:59:59.999Z`,
    eventName,
    eventDescription: 'Will be cancelled.',
  });
  expect(created.status(), await created.text()).toBe(201);

  await page.goto('/account/reservations');
  const row = page.getByRole('row').filter({ hasText: eventName });
  await row.getByRole('button', { name: 'Show Details' }).click();
  // Expanding shows its month on the calendar, its days highlighted.
  await expect(page.getByRole('heading', { name: target.title, exact: true })).toBeVisible();
  await expect(
    page.getByRole('button', {
      name: `${dateName(target.key(5))}, your reservation, pending, highlighted`,
    }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Cancel This Reservation' }).click();

  const dialog = page.getByRole('dialog', { name: 'Cancel Reservation' });
  await expect(dialog).toContainText(messages.confirmCancelReservation);
  await dialog.getByRole('button', { name: 'No, Keep It' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('pending');

  await page.getByRole('button', { name: 'Cancel This Reservation' }).click();
  await page
    .getByRole('dialog', { name: 'Cancel Reservation' })
    .getByRole('button', { name: 'Yes, Cancel Reservation' })
    .click();
  await expect(page.getByText('Reservation cancelled.')).toBeVisible();
  await expect(page.getByText(messages.noReservationsForFilter)).toBeVisible();
  await page.getByRole('tab', { name: 'Cancelled (1)' }).click();
  await expect(row).toContainText('cancelled');
  await row.getByRole('button', { name: 'Show Details' }).click();
  await expect(page.getByText('user cancelled')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel This Reservation' })).toHaveCount(0);
  // The days are free again.
  await expect(
    page.getByRole('button', { name: `${dateName(target.key(5))}, your reservation, cancelled` }),
  ).toBeVisible();
});

test("the availability tab shows another member's days as 'Reserved' to a visitor", async ({
  page,
  admin,
  playwright,
  baseURL,
}) => {
  const username = await newMember(admin, 'booker');
  const member = await playwright.request.newContext({ baseURL });
  await apiLogin(member, username, MEMBER_PASSWORD);
  const target = monthAhead(7);
  const res = await api(member, 'POST', '/api/reservations', {
    startTime: `${target.key(14)}T00:00:00.000Z`,
    endTime: `${target.key(16)}T23:59:59.999Z`,
    eventName: 'Private event name',
    eventDescription: 'Not for visitors.',
  });
  expect(res.status(), await res.text()).toBe(201);
  await member.dispose();

  await page.goto('/facilities/availability');
  await showMonth(page, target.title);
  for (const d of [14, 15, 16]) {
    await expect(
      page.getByRole('gridcell', { name: `${dateName(target.key(d))}, reserved` }),
    ).toContainText('Reserved');
  }
  await expect(
    page.getByRole('gridcell', { name: `${dateName(target.key(17))}, available` }),
  ).toBeVisible();
  await expect(page.getByText('Private event name')).toHaveCount(0);
});

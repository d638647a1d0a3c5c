import type { Page } from '@playwright/test';
import {
  ADMIN,
  MEMBER_PASSWORD,
  api,
  approvedMember,
  expect,
  loginPage,
  test,
  unique,
} from './fixtures.js';
import { FAR_AHEAD, settled } from './page-checks.js';
import { reserveAndPay } from './payment-helpers.js';
import {
  LONG_CHURCH,
  LONG_EVENT,
  LONG_FILE,
  check,
  checkDialog,
  closeSomeDays,
  itemWith,
  memberWithData,
  navigationClickableUnderToast,
  onScreen,
  visit,
  atEachWidth,
} from './phone-checks.js';

/**
 * The administrator's pages, with the long names real churches have, at 360 and
 * 390 px (phones) and 1280 px: nothing scrolls sideways, no text is cut,
 * every card's status and actions are on screen, dialogs fit. The
 * navigation stays clickable while a notification shows.
 * axe-core runs at 360 px too (tests/e2e/phone-checks.ts).
 */

/** The reports' money chart. */
const money = (page: Page) => page.getByRole('img', { name: /^Money by month/ });

atEachWidth(() => {
  test('the admin pages, with a pending user and long names, fit', async ({
    page,
    admin,
    playwright,
    baseURL,
  }, testInfo) => {
    // About twenty screens, each checked by axe: at 360 px the whole journey takes near two minutes.
    test.setTimeout(240_000);
    const memberApi = await playwright.request.newContext({ baseURL });
    const { eventName } = await memberWithData(admin, memberApi);
    await memberApi.dispose();
    const pending = unique('wilhelmina_featherstonehaugh_');
    const reg = await api(admin, 'POST', '/api/auth/register', {
      username: pending,
      password: MEMBER_PASSWORD,
      email: `${pending}@a-very-long-parish-domain-name.example.org`,
    });
    expect(reg.status(), await reg.text()).toBe(201);

    await loginPage(page, ADMIN.username, ADMIN.password);
    await visit(page, testInfo, '/admin/dashboard');

    await visit(page, testInfo, '/admin/users');
    // The registration's card or row (the directory under it lists the same user).
    const user = page
      .getByRole('region', { name: 'Pending registrations' })
      .locator('li, tr')
      .filter({ hasText: pending })
      .last();
    await onScreen(user.getByRole('button', { name: `Approve ${pending}` }));
    await onScreen(user.getByRole('button', { name: `Reject ${pending}` }));
    await user.getByRole('button', { name: `Approve ${pending}` }).click();
    const approve = await checkDialog(page, testInfo, 'Approve registration', 'the approve dialog');
    await approve.getByRole('button', { name: 'Back' }).click();
    await expect(approve).toBeHidden();

    await visit(page, testInfo, '/admin/reservations');
    const row = itemWith(page, eventName);
    await row.scrollIntoViewIfNeeded();
    for (const action of ['Approve', 'Reject', 'Cancel', 'Edit'])
      await onScreen(row.getByRole('button', { name: `${action} ${eventName}`, exact: true }));
    await row.getByRole('button', { name: `Reject ${eventName}`, exact: true }).click();
    const reject = await checkDialog(page, testInfo, 'Reject reservation', 'the reject dialog');
    await page.keyboard.press('Escape');
    await expect(reject).toBeHidden();
    await row.getByRole('button', { name: `Edit ${eventName}`, exact: true }).click();
    await checkDialog(page, testInfo, 'Edit reservation details', 'the edit dialog');
    await page.keyboard.press('Escape');
    // Approving shows a notification; the navigation stays usable under it.
    await row.getByRole('button', { name: `Approve ${eventName}`, exact: true }).click();
    await navigationClickableUnderToast(page);

    await visit(page, testInfo, '/admin/payments');
    await visit(page, testInfo, '/admin/mail');
    // The Site area: the kinds, and the editors with the longest forms.
    await visit(page, testInfo, '/admin/site');
    await visit(page, testInfo, '/admin/site/gallery');
    await visit(page, testInfo, '/admin/site/pricing');

    // The directory: the move dialog, the churches and a church's page with its data.
    const approved = page
      .getByRole('region', { name: 'All users' })
      .locator('li, tr')
      .filter({ hasText: 'bartholomew_christopherson_' })
      .last();
    await page.goto('/admin/users');
    await settled(page);
    const move = approved.getByRole('button', { name: /^Move to church: / });
    await onScreen(move);
    await move.click();
    await checkDialog(page, testInfo, 'Move to church', 'the move dialog');
    await page.keyboard.press('Escape');
    await visit(page, testInfo, '/admin/accounts');
    const churches = (await (await api(admin, 'GET', '/api/accounts')).json()) as {
      id: number;
      accountName: string;
    }[];
    const church = churches.find((c) => c.accountName.startsWith(LONG_CHURCH))!;
    await visit(page, testInfo, `/admin/accounts/${church.id}`);
    await expect(page.getByText(LONG_FILE).first()).toBeVisible();

    // Closed days, with one closure (its days anywhere free far ahead).
    await closeSomeDays(admin);
    await visit(page, testInfo, '/admin/closures');
    await onScreen(page.getByRole('button', { name: /^Open .* again$/ }).first());
  });

  test('the reports, of years with data and of a year without, fit', async ({
    page,
    admin,
    playwright,
    baseURL,
  }, testInfo) => {
    test.setTimeout(90_000);
    const { memberApi } = await approvedMember(admin, playwright.request, baseURL, 'reports');
    const body = { eventName: `${LONG_EVENT} ${unique('')}`, eventDescription: 'Reported.' };
    const stay = await reserveAndPay(memberApi, body, FAR_AHEAD);
    await memberApi.dispose();
    await loginPage(page, ADMIN.username, ADMIN.password);
    // This year's (the payment, received today), the stay's year (its price invoiced)
    // and a year with none ('$0' once on the money's axis): the charts drawn, the
    // table scrolling sideways in its own region, never the page (it was 507 px wide).
    for (const url of [
      '/admin/reports',
      `/admin/reports?year=${stay.startTime.slice(0, 4)}`,
      '/admin/reports?year=2001',
    ]) {
      await page.goto(url);
      await settled(page);
      await expect(money(page).locator('.recharts-line').first()).toBeAttached();
      await check(page, testInfo, url);
    }
    await expect(money(page).locator('.recharts-yAxis-tick-labels text')).toHaveText([
      '$0',
      '$25',
      '$50',
      '$75',
      '$100',
    ]);
  });
});

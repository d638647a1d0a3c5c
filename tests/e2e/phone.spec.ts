import type { APIRequestContext, Locator, Page, TestInfo } from '@playwright/test';
import floorPlans from '../../content/floor-plans.json' with { type: 'json' };
import gallery from '../../content/gallery.json' with { type: 'json' };
import {
  ADMIN,
  MEMBER_PASSWORD,
  api,
  apiLogin,
  expect,
  loginPage,
  registerApproved,
  reserveDays,
  test,
  unique,
  uploadDocument,
} from './fixtures.js';
import {
  PUBLIC_PAGES,
  dialogOpen,
  expectFits,
  expectNoViolations,
  settled,
} from './page-checks.js';
import { reserveAndPay } from './payment-helpers.js';

/**
 * Every public, account and admin page on a phone, 360 and 390 px wide, with
 * the long names real churches have: nothing scrolls sideways, no text is cut,
 * every card's status and actions are on screen, dialogs fit, and the
 * navigation stays clickable while a notification shows. axe-core runs at
 * 360 px too. Each page is photographed at both widths into the run's
 * test-results (kept as artifacts, not committed).
 */

const SIZES = [
  { width: 360, height: 740, phone: true },
  { width: 390, height: 844, phone: true },
  // A desktop too: its tables must fit without scrolling sideways as well.
  { width: 1280, height: 800, phone: false },
] as const;
/** Random days 20 to 50 months ahead, clear of the other specs' days. */
const FAR_AHEAD = { from: 610, to: 1520 };
const LONG_EVENT = 'Annual Congregational Retreat for the Youth, Families and Elders of the Parish';
const LONG_CHURCH =
  'The Evangelical Lutheran Church of Saint Bartholomew and All Angels in Greater Springfield';
const firstFloor = floorPlans.levels.find((l) => l.id === 'first-floor')!;
const LONG_FILE = 'signed-facility-rental-agreement-and-house-rules-2027-final-version.pdf';

test.beforeEach(async ({ page }) => {
  await page.route('https://www.openstreetmap.org/**', (route) => route.abort());
});

/** Checks the page as it is now at this width, photographs it, and at 360 px runs axe. */
async function check(page: Page, testInfo: TestInfo, what: string, scope?: string) {
  const width = page.viewportSize()!.width;
  await expectFits(page, `${what} at ${width}px`, scope);
  const file = `${width}-${what.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '')}.png`;
  await page.screenshot({ path: testInfo.outputPath(file), fullPage: !scope });
  if (width === 360) await expectNoViolations(page, `${what} at ${width}px`);
}

async function visit(page: Page, testInfo: TestInfo, url: string) {
  await page.goto(url);
  await settled(page);
  await check(page, testInfo, url);
}

/** Scrolled to, the whole control is on screen. */
async function onScreen(locator: Locator) {
  await locator.scrollIntoViewIfNeeded();
  await expect(locator).toBeInViewport({ ratio: 1 });
}

/** The dialog is open, lies inside the viewport, and fits it. */
async function checkDialog(page: Page, testInfo: TestInfo, name: string | RegExp, what: string) {
  const dialog = page.getByRole('dialog', { name });
  await dialogOpen(dialog);
  const box = (await dialog.boundingBox())!;
  const width = page.viewportSize()!.width;
  expect.soft(box.x, `${what} starts inside the viewport`).toBeGreaterThanOrEqual(0);
  expect.soft(box.x + box.width, `${what} ends inside the viewport`).toBeLessThanOrEqual(width);
  await check(page, testInfo, what, '[role="dialog"]');
  return dialog;
}

/** While a notification shows, every link and button of the top and side navigation takes a click. */
async function navigationClickableUnderToast(page: Page) {
  await expect(page.locator('.mantine-Notification-root').first()).toBeVisible();
  const controls = page
    .getByRole('navigation')
    .locator('a[href], button')
    .filter({ visible: true });
  const count = await controls.count();
  expect(count).toBeGreaterThan(4);
  for (let i = 0; i < count; i++) {
    // A trial click fails when another element (a toast) would receive it.
    await controls.nth(i).click({ trial: true, timeout: 2000 });
  }
  await expect(page.locator('.mantine-Notification-root').first()).toBeVisible();
}

/** A member of a church with a long name, with reservations, a document and a profile. */
async function memberWithData(admin: APIRequestContext, request: APIRequestContext) {
  const username = unique('bartholomew_christopherson_');
  await registerApproved(
    admin,
    { username, password: MEMBER_PASSWORD, email: `${username}@parish-office.example.org` },
    `${LONG_CHURCH} ${unique('')}`,
  );
  await apiLogin(request, username, MEMBER_PASSWORD);
  const eventName = `${LONG_EVENT} ${unique('')}`;
  const reservation = await reserveAndPay(
    request,
    {
      eventName,
      eventDescription:
        'Three days of prayer, singing and shared meals for every generation of the parish.',
      additionalInfo: 'Vegetarian meals for twelve; wheelchair access to the chapel.',
    },
    FAR_AHEAD,
  );
  await reserveDays(
    request,
    { eventName: 'Choir weekend', eventDescription: 'Rehearsals.' },
    FAR_AHEAD,
  );
  await uploadDocument(
    request,
    LONG_FILE,
    'The contract for the spring retreat, signed by both parties',
  );
  const profile = await api(request, 'PUT', '/api/account/profile', {
    primaryContactFullName: 'Maximiliane Konstantinopoulou-Vanderbilt',
    primaryContactEmail: 'maximiliane.konstantinopoulou-vanderbilt@parish-office.example.org',
    responsiblePersons: [
      {
        fullName: 'Bartholomew Christopherson-Wainwright',
        phoneNumber: '+1 555 0101 2233',
        email: 'bartholomew.christopherson-wainwright@parish-office.example.org',
        address: '1234 Saint Bartholomew Boulevard, Greater Springfield, Massachusetts',
      },
    ],
  });
  expect(profile.status(), await profile.text()).toBe(200);
  return { username, eventName, reservation };
}

/** A reservation's, user's or document's card (phones) or table row (wider screens). */
/** A closure of two days somewhere free far ahead (the e2e database is shared). */
async function closeSomeDays(admin: APIRequestContext) {
  for (let attempt = 0; attempt < 20; attempt++) {
    const start = new Date();
    start.setUTCDate(start.getUTCDate() + 1540 + Math.floor(Math.random() * 250));
    const first = start.toISOString().slice(0, 10);
    start.setUTCDate(start.getUTCDate() + 1);
    const res = await api(admin, 'POST', '/api/closures', {
      startDate: first,
      endDate: start.toISOString().slice(0, 10),
      reason: 'Replacing the boiler in the basement and repainting the whole dining hall',
      publicLabel: 'Maintenance of the heating',
    });
    if (res.status() === 201) return;
    expect(res.status(), await res.text()).toBe(409);
  }
  throw new Error('no free days to close');
}

const itemWith = (page: Page, text: string) =>
  page.locator('li, tr').filter({ hasText: text }).last();

for (const { width, height, phone } of SIZES) {
  test.describe(`on a screen ${width} px wide`, () => {
    test.use({ viewport: { width, height }, isMobile: phone, hasTouch: phone });

    test('the public pages and their dialogs fit', async ({ page }, testInfo) => {
      test.setTimeout(120_000);
      for (const url of PUBLIC_PAGES) await visit(page, testInfo, url);

      const image = gallery.albums[0]!.images[0]!;
      await page.goto('/gallery');
      await settled(page);
      await page.getByRole('button', { name: image.alt }).click();
      await checkDialog(page, testInfo, /./, 'the gallery viewer');
      await page.keyboard.press('Escape');

      await page.goto('/facilities/floor-plans');
      await settled(page);
      await page.locator('label', { hasText: firstFloor.name }).click();
      await page.getByRole('button', { name: 'Chapel' }).click();
      await checkDialog(page, testInfo, /Chapel/, 'a floor-plan room');
    });

    test('the account pages, with long names and data, fit', async ({ page, admin }, testInfo) => {
      test.setTimeout(120_000);
      const { eventName } = await memberWithData(admin, page.request);

      await visit(page, testInfo, '/account/profile');
      await visit(page, testInfo, '/account/reservations');
      // Every card's status and action are on screen.
      const card = itemWith(page, eventName);
      await card.scrollIntoViewIfNeeded();
      await expect(card.getByText('pending', { exact: false }).first()).toBeInViewport();
      await onScreen(card.getByRole('button', { name: 'Show Details' }));
      await card.getByRole('button', { name: 'Show Details' }).click();
      await expect(page.getByText('wheelchair access', { exact: false })).toBeVisible();
      await check(page, testInfo, 'a reservation card with its details open');

      await page.getByRole('button', { name: 'Cancel This Reservation' }).click();
      const cancel = await checkDialog(page, testInfo, 'Cancel Reservation', 'the cancel dialog');
      await cancel.getByRole('button', { name: 'No, Keep It' }).click();
      await expect(cancel).toBeHidden();

      // Saving the details shows a notification; the navigation stays usable under it.
      await page.getByRole('button', { name: 'Edit Details' }).click();
      await check(page, testInfo, 'a reservation card editing its details');
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await navigationClickableUnderToast(page);

      await visit(page, testInfo, '/account/payments');
      await visit(page, testInfo, '/account/documentation');
      const doc = itemWith(page, LONG_FILE);
      await onScreen(doc.getByRole('button', { name: `Delete ${LONG_FILE}` }));
      await doc.getByRole('button', { name: `Delete ${LONG_FILE}` }).click();
      await checkDialog(page, testInfo, /Delete/, 'the delete-document dialog');
      await page.keyboard.press('Escape');

      await visit(page, testInfo, '/account/history');
    });

    test('the admin pages, with a pending user and long names, fit', async ({
      page,
      admin,
      playwright,
      baseURL,
    }, testInfo) => {
      test.setTimeout(120_000);
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
      const approve = await checkDialog(
        page,
        testInfo,
        'Approve registration',
        'the approve dialog',
      );
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
  });
}

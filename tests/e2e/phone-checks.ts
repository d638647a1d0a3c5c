import type { APIRequestContext, Locator, Page, TestInfo } from '@playwright/test';
import floorPlans from '../../content/floor-plans.json' with { type: 'json' };
import {
  MEMBER_PASSWORD,
  api,
  apiLogin,
  expect,
  registerApproved,
  reserveDays,
  test,
  unique,
  uploadDocument,
} from './fixtures.js';
import { FAR_AHEAD, dialogOpen, expectFits, expectNoViolations, settled } from './page-checks.js';
import { reserveAndPay } from './payment-helpers.js';

/**
 * What the phone-layout journeys share: the widths, the long names real
 * churches have, and the checks of a page or dialog at a width (nothing
 * scrolls sideways, no text is cut, axe-core at 360 px, a photograph of each
 * into the run's test-results).
 */

const SIZES = [
  { width: 360, height: 740, phone: true },
  { width: 390, height: 844, phone: true },
  // A desktop too: its tables must fit without scrolling sideways as well.
  { width: 1280, height: 800, phone: false },
] as const;
export const LONG_EVENT =
  'Annual Congregational Retreat for the Youth, Families and Elders of the Parish';
export const LONG_CHURCH =
  'The Evangelical Lutheran Church of Saint Bartholomew and All Angels in Greater Springfield';
export const firstFloor = floorPlans.levels.find((l) => l.id === 'first-floor')!;
export const LONG_FILE = 'signed-facility-rental-agreement-and-house-rules-2027-final-version.pdf';
/** An address with no hyphen to break at: it made the profile 9-39 px wider than a phone. */
export const LONG_EMAIL = 'youth.ministry@stmarksparish.org';

/** Checks the page as it is now at this width, photographs it, and at 360 px runs axe. */
export async function check(page: Page, testInfo: TestInfo, what: string, scope?: string) {
  const width = page.viewportSize()!.width;
  await expectFits(page, `${what} at ${width}px`, scope);
  const file = `${width}-${what.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '')}.png`;
  await page.screenshot({ path: testInfo.outputPath(file), fullPage: !scope });
  if (width === 360) await expectNoViolations(page, `${what} at ${width}px`);
}

export async function visit(page: Page, testInfo: TestInfo, url: string) {
  await page.goto(url);
  await settled(page);
  await check(page, testInfo, url);
}

/** Scrolled to, the whole control is on screen. */
export async function onScreen(locator: Locator) {
  await locator.scrollIntoViewIfNeeded();
  await expect(locator).toBeInViewport({ ratio: 1 });
}

/** The dialog is open, lies inside the viewport, and fits it. */
export async function checkDialog(
  page: Page,
  testInfo: TestInfo,
  name: string | RegExp,
  what: string,
) {
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
export async function navigationClickableUnderToast(page: Page) {
  const toast = page.locator('.mantine-Notification-root').first();
  await expect(toast).toBeVisible();
  const controls = page
    .getByRole('navigation')
    .locator('a[href], button')
    .filter({ visible: true });
  const count = await controls.count();
  expect(count).toBeGreaterThan(4);
  for (let i = 0; i < count; i++) {
    // The pointer rests on the toast, which holds it open however long the checks
    // take. A trial click moves the pointer to its control (the control shows its
    // hover), so it comes back to the toast before each one: on a busy machine the
    // admin's seventeen controls took longer than the toast's four seconds.
    await toast.hover();
    // A trial click fails when another element (a toast) would receive it.
    await controls.nth(i).click({ trial: true, timeout: 2000 });
  }
  await expect(toast).toBeVisible();
}

/** A member of a church with a long name, with reservations, a document and a profile. */
export async function memberWithData(admin: APIRequestContext, request: APIRequestContext) {
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
      { fullName: 'Youth Ministry', phoneNumber: null, email: LONG_EMAIL, address: null },
    ],
  });
  expect(profile.status(), await profile.text()).toBe(200);
  return { username, eventName, reservation };
}

/** A closure of two days somewhere free far ahead (the e2e database is shared). */
export async function closeSomeDays(admin: APIRequestContext) {
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

/** A reservation's, user's or document's card (phones) or table row (wider screens). */
export const itemWith = (page: Page, text: string) =>
  page.locator('li, tr').filter({ hasText: text }).last();

/**
 * Declares a file's journeys once per width of SIZES, each width in a
 * describe of its own with that viewport.
 */
export function atEachWidth(declareJourneys: () => void) {
  for (const { width, height, phone } of SIZES) {
    test.describe(`on a screen ${width} px wide`, () => {
      test.use({ viewport: { width, height }, isMobile: phone, hasTouch: phone });
      declareJourneys();
    });
  }
}

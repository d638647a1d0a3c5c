import { readFile } from 'node:fs/promises';
import ICAL from 'ical.js';
import {
  MEMBER_PASSWORD,
  api,
  apiLogin,
  expect,
  loginPage,
  makePdf,
  memberOnPage,
  newMember,
  test,
  unique,
} from './fixtures.js';
import { dateName, monthAhead, showMonth } from './calendar-helpers.js';

/**
 * The house's own calendar and its directory (docs/calendar.md): closed days,
 * the personal feed, moving a member, a contract for a church. The e2e
 * database is shared by every spec: closures go 9 months ahead and the feed's
 * stay 8 months ahead, clear of the other journeys' days.
 */

test('the administrator closes days; a member sees them closed and cannot select them', async ({
  page,
  browser,
  admin,
}) => {
  const target = monthAhead(9);
  const label = unique('Roof work ');
  await loginPage(page, 'admin', 'admin-e2e-password');
  await page.goto('/admin/closures');
  await expect(page.getByRole('heading', { level: 1, name: 'Closed days' })).toBeVisible();
  await page.getByLabel(/^First closed day/).fill(target.key(14));
  await page.getByLabel(/^Last closed day/).fill(target.key(15));
  await page.getByLabel(/^Reason/).fill('The roofers need the house empty');
  await page.getByLabel(/^Public label/).fill(label);
  await page.getByRole('button', { name: 'Close these days' }).click();
  const card = page.getByRole('listitem', {
    name: `Closed ${dateName(target.key(14))} to ${dateName(target.key(15))}`,
  });
  await expect(card).toBeFocused();
  await expect(card).toContainText('The roofers need the house empty');

  const username = await newMember(admin, 'closed');
  const member = await browser.newContext();
  const memberPage = await member.newPage();
  await apiLogin(memberPage.request, username, MEMBER_PASSWORD);
  await memberPage.goto('/account/reservations');
  await showMonth(memberPage, target.title);
  const closedDay = memberPage.getByRole('button', {
    name: `${dateName(target.key(14))}, closed, ${label}`,
  });
  await expect(closedDay).toContainText('Closed');
  await expect(memberPage.getByText(`: ${label}`)).toBeVisible();

  // A range across the closed days is refused on the second click, and says why.
  await memberPage.getByRole('button', { name: `${dateName(target.key(12))}, available` }).click();
  await memberPage.getByRole('button', { name: `${dateName(target.key(17))}, available` }).click();
  await expect(memberPage.getByRole('status').filter({ hasText: 'closed' })).toContainText(
    'are closed, so this range cannot be booked',
  );
  // The closed day itself cannot be chosen; the server refuses it too.
  const res = await api(memberPage.request, 'POST', '/api/reservations', {
    startTime: `${target.key(15)}T00:00:00.000Z`,
    endTime: `${target.key(16)}T23:59:59.999Z`,
    eventName: 'Over a closure',
    eventDescription: 'Refused',
  });
  expect(res.status()).toBe(409);
  expect(await res.json()).toMatchObject({ code: 'days_taken', days: [target.key(15)] });

  // The public calendar shows the label too, never the reason.
  const visitor = await browser.newContext();
  const visitorPage = await visitor.newPage();
  await visitorPage.goto('/facilities/availability');
  await showMonth(visitorPage, target.title);
  await expect(
    visitorPage.getByRole('gridcell', { name: `${dateName(target.key(15))}, closed, ${label}` }),
  ).toBeVisible();
  await expect(visitorPage.getByText('The roofers need the house empty')).toHaveCount(0);
  await Promise.all([member.close(), visitor.close()]);
});

test('a member copies their feed link, and the link serves their event', async ({
  page,
  admin,
  context,
}) => {
  await memberOnPage(admin, page, 'feed');
  const target = monthAhead(8);
  const eventName = unique('Feed retreat ');
  const made = await api(page.request, 'POST', '/api/reservations', {
    startTime: `${target.key(20)}T00:00:00.000Z`,
    endTime: `${target.key(22)}T23:59:59.999Z`,
    eventName,
    eventDescription: 'In my calendar app',
  });
  expect(made.status(), await made.text()).toBe(201);

  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/account/reservations');
  await page.getByRole('button', { name: 'Subscribe' }).click();
  await page.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.getByText('Link copied')).toBeVisible();
  const url = await page.evaluate(() => navigator.clipboard.readText());
  expect(url).toMatch(/\/api\/calendar\/feed\/[\w-]+\.ics$/);
  await expect(page.getByRole('link', { name: /Open in calendar app/ })).toHaveAttribute(
    'href',
    url.replace(/^https?:/, 'webcal:'),
  );

  // A calendar app fetches it without any session.
  const feed = await fetch(url);
  expect(feed.status).toBe(200);
  expect(feed.headers.get('content-type')).toContain('text/calendar');
  const calendar = new ICAL.Component(ICAL.parse(await feed.text()));
  const mine = calendar
    .getAllSubcomponents('vevent')
    .map((v) => new ICAL.Event(v))
    .find((e) => e.summary.includes(eventName));
  expect(mine, 'the member\u2019s event is in the feed').toBeTruthy();
  expect(mine!.startDate.toString()).toBe(target.key(20));
  expect(mine!.endDate.toString()).toBe(target.key(23));
});

test('the administrator moves a member to another church', async ({ page, admin }) => {
  const username = await newMember(admin, 'mover');
  const otherChurch = unique('Church of the Move ');
  expect((await api(admin, 'POST', '/api/account', { accountName: otherChurch })).status()).toBe(
    201,
  );
  await loginPage(page, 'admin', 'admin-e2e-password');
  await page.goto('/admin/users');
  await page.getByRole('searchbox', { name: 'Search' }).fill(username);
  await page.getByRole('searchbox', { name: 'Search' }).press('Enter');
  await page.getByRole('button', { name: `Move to church: ${username}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Move to church' });
  await dialog.getByRole('combobox', { name: 'Church' }).fill(otherChurch);
  await page
    .getByRole('listbox', { name: 'Church' })
    .getByRole('option', { name: otherChurch })
    .click();
  await dialog.getByRole('button', { name: 'Move' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('row', { name: new RegExp(username) })).toContainText(otherChurch);

  const users = (await (await api(admin, 'GET', `/api/users?q=${username}`)).json()) as {
    accountName: string;
  }[];
  expect(users).toEqual([expect.objectContaining({ accountName: otherChurch })]);
});

test("the administrator uploads a contract that the church's member downloads", async ({
  page,
  browser,
  admin,
}) => {
  const username = await newMember(admin, 'contract');
  const churchName = `Church of ${username}`;
  await loginPage(page, 'admin', 'admin-e2e-password');
  await page.goto('/admin/accounts');
  await page.getByRole('link', { name: churchName }).click();
  await expect(page.getByRole('heading', { level: 1, name: churchName })).toBeVisible();

  const fileName = `${unique('contract-')}.pdf`;
  const bytes = await makePdf(`Contract ${fileName}`);
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: fileName, mimeType: 'application/pdf', buffer: bytes });
  await page.getByRole('textbox', { name: 'Description' }).fill('Contract for the summer camp');
  await page.getByRole('button', { name: 'Upload Document' }).click();
  await expect(page.getByRole('button', { name: `Download ${fileName}` }).first()).toBeVisible();

  const member = await browser.newContext();
  const memberPage = await member.newPage();
  await apiLogin(memberPage.request, username, MEMBER_PASSWORD);
  await memberPage.goto('/account/documentation');
  const row = memberPage.getByRole('row', { name: new RegExp(fileName.replace(/\./g, '\\.')) });
  await expect(row).toContainText('Contract for the summer camp');
  const download = memberPage.waitForEvent('download');
  await row.getByRole('button', { name: `Download ${fileName}` }).click();
  const saved = await readFile(await (await download).path());
  expect(saved.equals(bytes)).toBe(true);
  await member.close();
});

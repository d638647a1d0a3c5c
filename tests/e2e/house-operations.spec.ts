import {
  ADMIN,
  approvedMember,
  api,
  expect,
  loginPage,
  reserveDays,
  test,
  unique,
} from './fixtures.js';
import { expectNoViolations } from './page-checks.js';
import { screens } from './screens.js';

/**
 * Running the house (docs/house-operations.md): the dashboard names a stay
 * arriving within 14 days whose questionnaire is missing, with its sheet; the
 * kitchen's page counts its meals; the year's report draws its charts with
 * the table that says the same in words. The stay goes 3 to 12 days ahead.
 */
test('the staff see an arriving stay without its questionnaire, its meals, and the year in charts and a table', async ({
  page,
  admin,
  playwright,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const { memberApi } = await approvedMember(admin, playwright.request, baseURL, 'arriving');
  const eventName = unique('Arriving retreat ');
  const body = { eventName, eventDescription: 'Twenty of us.', guests: 20, mealPlan: 'full-board' };
  const stay = await reserveDays(memberApi, body, { from: 3, to: 12 }, 2);
  await memberApi.dispose();
  const approved = await api(admin, 'PATCH', `/api/reservations/${stay.id}/status`, {
    status: 'approved',
  });
  expect(approved.status(), await approved.text()).toBe(200);
  const [first, last] = [stay.startTime.slice(0, 10), stay.endTime.slice(0, 10)];

  await loginPage(page, ADMIN.username, ADMIN.password);
  await page.goto('/admin/dashboard');
  const arriving = page.getByRole('region', { name: 'Arriving in the next 14 days' });
  const row = arriving.getByRole('row').or(arriving.getByRole('listitem')).filter({
    hasText: eventName,
  });
  await expect(row).toBeVisible();
  await expect(row).toContainText(/(to do|overdue): [^;]*questionnaire/);
  const sheet = row.getByRole('link', { name: `Stay sheet (PDF) of ${eventName}` });
  await expect(sheet).toHaveAttribute('href', `/api/admin/stays/${stay.id}/sheet.pdf`);
  const pdf = await page.request.get(`/api/admin/stays/${stay.id}/sheet.pdf`);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  await expectNoViolations(page, 'the dashboard');
  await screens(page, 'admin-dashboard-today');

  await page.goto(`/admin/kitchen?from=${first}&to=${last}`);
  const days = page.getByRole('region', { name: 'Meals by day' });
  // Arrival: dinner only; departure: breakfast and lunch (the shipped rates).
  await expect(days).toContainText('20');
  await expect(page.getByRole('region', { name: 'Groups' })).toContainText(eventName);
  await expect(page.getByRole('link', { name: 'Print PDF' })).toHaveAttribute(
    'href',
    `/api/admin/kitchen.pdf?from=${first}&to=${last}`,
  );
  await expectNoViolations(page, 'the kitchen');
  await screens(page, 'admin-kitchen');

  const year = Number(first.slice(0, 4));
  await page.goto(`/admin/reports?year=${year}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
  const occupancy = page.getByRole('img', { name: new RegExp(`^Occupancy by month, ${year}`) });
  const money = page.getByRole('img', { name: new RegExp(`^Money by month, ${year}`) });
  await expect(occupancy).toBeVisible();
  await expect(money).toBeVisible();
  // The charts draw real bars and lines, and the table holds the same figures in words.
  await expect(occupancy.locator('.recharts-bar-rectangle').first()).toBeAttached();
  await expect(money.locator('.recharts-line').first()).toBeAttached();
  const table = page.getByRole('table', {
    name: new RegExp(`Occupancy and money by month, ${year}`),
  });
  await expect(table.getByRole('row')).toHaveCount(16);
  await expect(page.getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
    'href',
    `/api/admin/reports/occupancy.csv?year=${year}`,
  );
  const csv = await page.request.get(`/api/admin/reports/occupancy.csv?year=${year}`);
  expect((await csv.text()).split('\r\n')[0]).toBe(
    'month,days,heldDays,closedDays,occupancyPercent,stays,guestNights,invoicedCents,receivedCents,refundedCents,outstandingCents',
  );
  await expectNoViolations(page, 'the reports');
  await screens(page, 'admin-reports');
});

import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { formatKb } from '../../src/shared/schemas/documents.js';
import {
  expect,
  makePdf,
  memberOnPage,
  opensPdfInNewTab,
  reserveDays,
  test,
  unique,
} from './fixtures.js';
import { TEST_CARD, THREE_DAYS, fillCard, openFirstPayment, payButton } from './payment-helpers.js';

/**
 * The member's Documentation and Payments journeys. The e2e database is shared
 * by every test of a run: each test has its own user, and a reservation takes
 * three random days 50 to 58 months ahead (inside the booking horizon of about
 * five years, clear of the other specs' days).
 */

/** 50 to 58 months ahead. */
const FAR_AHEAD = { from: 1520, to: 1790 };

const reserve = (page: Page, eventName: string) =>
  reserveDays(page.request, { eventName, eventDescription: 'Payment journey.' }, FAR_AHEAD);

test('a member uploads a PDF, downloads the same bytes and deletes it', async ({ page, admin }) => {
  const username = await memberOnPage(admin, page, 'docs');
  await page.goto('/account/documentation');
  await expect(page.getByRole('heading', { level: 1, name: 'Documentation' })).toBeVisible();
  await expect(page.getByText('No documents found for this account.')).toBeVisible();

  const fileName = `${unique('minutes-')}.pdf`;
  const bytes = await makePdf(`Meeting minutes ${fileName}`);
  await expect(page.locator('input[type="file"]')).toHaveAttribute(
    'accept',
    'application/pdf,.pdf',
  );
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: fileName, mimeType: 'application/pdf', buffer: bytes });
  await expect(page.getByRole('button', { name: /PDF file/ })).toContainText(fileName);
  await page.getByRole('textbox', { name: 'Description' }).fill('Minutes of the spring meeting');
  await page.getByRole('button', { name: 'Upload Document' }).click();
  await expect(page.getByText('Document uploaded.')).toBeVisible();

  const row = page.getByRole('row', { name: new RegExp(fileName.replace(/\./g, '\\.')) });
  await expect(row).toBeVisible();
  const cells = row.getByRole('cell');
  await expect(cells.nth(0)).toHaveText(fileName);
  await expect(cells.nth(1)).toHaveText('Minutes of the spring meeting');
  await expect(cells.nth(2)).toHaveText('Upload');
  await expect(cells.nth(3)).toHaveText(username);
  await expect(cells.nth(5)).toHaveText(formatKb(bytes.length));
  // The success message goes away after 5 s.
  await expect(page.getByText('Document uploaded.')).toBeHidden({ timeout: 8_000 });

  const download = page.waitForEvent('download');
  await row.getByRole('button', { name: `Download ${fileName}` }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(fileName);
  const saved = await readFile(await file.path());
  expect(saved.equals(bytes)).toBe(true);

  await row.getByRole('button', { name: `Delete ${fileName}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete document' });
  await expect(dialog).toContainText(`"${fileName}"`);
  await expect(dialog).toContainText('cannot be undone');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Document deleted.')).toBeVisible();
  await expect(row).toHaveCount(0);
  await expect(page.getByText('No documents found for this account.')).toBeVisible();
});

test('a member pays a pending reservation in the card frame and opens its receipt', async ({
  page,
  admin,
}) => {
  await memberOnPage(admin, page, 'pays');
  const eventName = `Paid retreat ${unique('')}`;
  await reserve(page, eventName);

  await openFirstPayment(page, eventName);

  const iframe = page.locator(`iframe[title="Card payment for ${eventName}"]`);
  await expect(iframe).toHaveAttribute('src', /\/pay\/sandbox\?reservationId=\d+&number=3/);
  // Started by the provider's embed script (the page loaded it), not only by the fallback.
  await expect(iframe).toHaveAttribute('data-sandbox-pay-ready', 'true');
  await expect(page.locator('script[src="/pay/embed.js"]')).toHaveCount(1);
  const frame = await fillCard(page);
  await frame.getByRole('button', { name: `Pay ${THREE_DAYS.price}` }).click();

  await expect(page.getByText('You have no pending payments.')).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(eventName) });
  await expect(row).toContainText(THREE_DAYS.price);
  const receiptButton = row.getByRole('button', { name: `View Receipt for ${eventName}` });
  await expect(receiptButton).toBeVisible();

  await opensPdfInNewTab(page, receiptButton);
});

test('a declined card shows the provider error and the reservation stays pending', async ({
  page,
  admin,
}) => {
  await memberOnPage(admin, page, 'decl');
  const eventName = `Declined retreat ${unique('')}`;
  await reserve(page, eventName);

  const panel = await openFirstPayment(page, eventName);
  const frame = await fillCard(page, { ...TEST_CARD, number: '4000 0000 0000 0002' });
  await frame.getByRole('button', { name: `Pay ${THREE_DAYS.price}` }).click();
  await expect(frame.getByText('Your card was declined.')).toBeVisible();
  await expect(panel).toBeVisible();

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Pending Payments' })).toBeVisible();
  await expect(payButton(page, eventName)).toContainText(THREE_DAYS.price);
  await expect(payButton(page, eventName)).not.toContainText('still owed');
  await expect(page.getByText('No payment history found.')).toBeVisible();
});

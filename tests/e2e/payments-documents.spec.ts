import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { shiftMonth } from '../../src/shared/dates.js';
import { formatKb } from '../../src/shared/schemas/documents.js';
import {
  api,
  expect,
  loginPage,
  opensPdfInNewTab,
  registerApproved,
  test,
  unique,
} from './fixtures.js';

/**
 * The member's Documentation and Payments journeys. The e2e database is shared
 * by every test of a run: each test has its own user, and a reservation takes
 * random days of a random month 50 to 58 months ahead (inside the booking
 * horizon of about five years, clear of the other specs' days).
 */

const PASSWORD = 'pass-word-1';

async function newMember(admin: APIRequestContext, page: Page, prefix: string) {
  const username = unique(prefix);
  await registerApproved(admin, { username, password: PASSWORD });
  await loginPage(page, username, PASSWORD);
  return username;
}

/** A small real PDF whose bytes are unique to this run. */
async function makePdf(text: string): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const pg = doc.addPage([420, 300]);
  pg.drawText(text, { x: 40, y: 240, size: 14, font });
  pg.drawText(`Generated ${new Date().toISOString()}`, { x: 40, y: 210, size: 10, font });
  return Buffer.from(await doc.save());
}

/** Three days of a random far month; retried on the rare clash with another test's days. */
async function reserve(page: Page, eventName: string): Promise<number> {
  const now = new Date();
  for (let attempt = 0; attempt < 5; attempt++) {
    const ahead = 50 + Math.floor(Math.random() * 9);
    const { year, month } = shiftMonth(now.getUTCFullYear(), now.getUTCMonth() + 1, ahead);
    const first = 1 + Math.floor(Math.random() * 25);
    const pad = (n: number) => String(n).padStart(2, '0');
    const day = (d: number) => `${year}-${pad(month)}-${pad(d)}`;
    const res = await api(page.request, 'POST', '/api/reservations', {
      startTime: `${day(first)}T00:00:00.000Z`,
      endTime: `${day(first + 2)}T23:59:59.999Z`,
      eventName,
      eventDescription: 'Payment journey.',
    });
    if (res.status() === 409) continue;
    expect(res.status(), await res.text()).toBe(201);
    return ((await res.json()) as { id: number }).id;
  }
  throw new Error('no free days found for the reservation');
}

test('a member uploads a PDF, downloads the same bytes and deletes it', async ({ page, admin }) => {
  const username = await newMember(admin, page, 'docs');
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
  await expect(cells.nth(2)).toHaveText(username);
  await expect(cells.nth(4)).toHaveText(formatKb(bytes.length));
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
  await newMember(admin, page, 'pays');
  const eventName = `Paid retreat ${unique('')}`;
  await reserve(page, eventName);

  await page.goto('/account/payments');
  await expect(page.getByRole('heading', { level: 1, name: 'Payments' })).toBeVisible();
  await expect(page.getByText('No payment history found.')).toBeVisible();
  const panel = page.getByRole('button', { name: new RegExp(`^Pay for: ${eventName}`) });
  await expect(panel).toContainText('3 days');
  await expect(panel).toContainText('$450.00');
  await panel.click();

  const frame = page.frameLocator('iframe[title^="Card payment"]');
  const iframe = page.locator(`iframe[title="Card payment for ${eventName}"]`);
  await expect(iframe).toHaveAttribute('src', /\/pay\/sandbox\?reservationId=\d+&number=3/);
  // Started by the provider's embed script (the page loaded it), not only by the fallback.
  await expect(iframe).toHaveAttribute('data-sandbox-pay-ready', 'true');
  await expect(page.locator('script[src="/pay/embed.js"]')).toHaveCount(1);
  await frame.getByLabel('Card number').fill('4242 4242 4242 4242');
  await frame.getByLabel('Expiry (MM/YY)').fill('12/30');
  await frame.getByLabel('CVC').fill('123');
  await frame.getByRole('button', { name: 'Pay $450.00' }).click();

  await expect(page.getByText('You have no pending payments.')).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(eventName) });
  await expect(row).toContainText('$450.00');
  const receiptButton = row.getByRole('button', { name: `View Receipt for ${eventName}` });
  await expect(receiptButton).toBeVisible();

  await opensPdfInNewTab(page, receiptButton);
});

test('a declined card shows the provider error and the reservation stays pending', async ({
  page,
  admin,
}) => {
  await newMember(admin, page, 'decl');
  const eventName = `Declined retreat ${unique('')}`;
  await reserve(page, eventName);

  await page.goto('/account/payments');
  const panel = page.getByRole('button', { name: new RegExp(`^Pay for: ${eventName}`) });
  await panel.click();
  const frame = page.frameLocator('iframe[title^="Card payment"]');
  await frame.getByLabel('Card number').fill('4000 0000 0000 0002');
  await frame.getByLabel('Expiry (MM/YY)').fill('12/30');
  await frame.getByLabel('CVC').fill('123');
  await frame.getByRole('button', { name: 'Pay $450.00' }).click();
  await expect(frame.getByText('Your card was declined.')).toBeVisible();
  await expect(panel).toBeVisible();

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Pending Payments' })).toBeVisible();
  await expect(
    page.getByRole('button', { name: new RegExp(`^Pay for: ${eventName}`) }),
  ).toBeVisible();
  await expect(page.getByText('No payment history found.')).toBeVisible();
});

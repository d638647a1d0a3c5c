import type { APIRequestContext, Page } from '@playwright/test';
import { api, expect, reserveDays } from './fixtures.js';

/** The sandbox's card that pays; the expiry as a person types it (the form adds the slash). */
export const TEST_CARD = { number: '4242 4242 4242 4242', expiry: '1230', cvc: '123' };

/** Accepts the house's facility agreement for a reservation, as its leader does (once). */
export async function acceptAgreement(
  request: APIRequestContext,
  reservationId: number,
  fullName = 'Group Leader',
) {
  const res = await api(request, 'POST', `/api/reservations/${reservationId}/agreement`, {
    fullName,
  });
  if (res.status() !== 409) expect(res.status(), await res.text()).toBe(201);
}

/**
 * Pays a reservation through the sandbox's card endpoint, as the card frame
 * does: everything owed (`balance`), or the `deposit`; the agreement first.
 */
export async function payInSandbox(
  request: APIRequestContext,
  reservationId: number,
  part: 'deposit' | 'balance' = 'balance',
) {
  await acceptAgreement(request, reservationId);
  const checkout = await api(request, 'POST', `/api/payments/${reservationId}/checkout`, { part });
  expect(checkout.status(), await checkout.text()).toBe(200);
  const { url } = (await checkout.json()) as { url: string };
  const token = new URL(url, 'http://x').searchParams.get('token');
  expect(token).toBeTruthy();
  const charge = await api(request, 'POST', '/pay/sandbox/charge', {
    token,
    cardNumber: TEST_CARD.number,
    expiry: TEST_CARD.expiry,
    cvc: TEST_CARD.cvc,
  });
  expect(charge.status(), await charge.text()).toBe(200);
}

/** Requests three days as reserveDays does, then pays them in the sandbox: the reservation. */
export async function reserveAndPay(
  request: APIRequestContext,
  body: Parameters<typeof reserveDays>[1],
  window: Parameters<typeof reserveDays>[2],
) {
  const made = await reserveDays(request, body, window);
  await payInSandbox(request, made.id);
  return made;
}

/** The button of the Payments page that opens the pending payment of `eventName`. */
export const payButton = (page: Page, eventName: string) =>
  page.getByRole('button', { name: new RegExp(`^Pay for: ${eventName}`) });

/**
 * The shipped price of three days (two nights) for a group that gives no
 * count: billed at the minimum of 12 guests × 2 nights × $65.00, and its 25%
 * non-refundable deposit (content/pricing.json).
 */
export const THREE_DAYS = { price: '$1,560.00', deposit: '$390.00' };

/**
 * Opens the Payments page of a member who has paid nothing yet, and on it the
 * pending payment of `eventName`, three days at the shipped price; then
 * presses `Pay in full` and accepts the facility agreement, which comes first.
 * The card form is then on the page.
 */
export async function openFirstPayment(page: Page, eventName: string) {
  await page.goto('/account/payments');
  await expect(page.getByRole('heading', { level: 1, name: 'Payments' })).toBeVisible();
  await expect(page.getByText('No payment history found.')).toBeVisible();
  const button = payButton(page, eventName);
  await expect(button).toContainText('3 days');
  await expect(button).toContainText(THREE_DAYS.price);
  await button.click();
  await page.getByRole('button', { name: `Pay in full (${THREE_DAYS.price})` }).click();
  await acceptAgreementInDialog(page);
  return button;
}

/** Reads the facility agreement's dialog and accepts it with a full name. */
export async function acceptAgreementInDialog(page: Page, fullName = 'Group Leader') {
  const dialog = page.getByRole('dialog', { name: 'Facility agreement for group stays' });
  await expect(dialog.getByRole('region', { name: 'Text of the agreement' })).toBeVisible();
  await dialog.getByLabel('Your full name').fill(fullName);
  await dialog.getByRole('button', { name: 'I accept' }).click();
  await expect(dialog).toBeHidden();
}

/** Fills the sandbox card frame; the expiry is typed key by key, as a person would. */
export async function fillCard(page: Page, card = TEST_CARD) {
  const frame = page.frameLocator('iframe[title^="Card payment"]');
  await frame.getByLabel('Card number').fill(card.number);
  await frame.getByLabel('Expiry (MM/YY)').pressSequentially(card.expiry);
  await frame.getByLabel('CVC').fill(card.cvc);
  return frame;
}

/** 10 to 19 months ahead. */
export const LATER = { from: 300, to: 580 };

import type { APIRequestContext, Page } from '@playwright/test';
import { api, expect, reserveDays } from './fixtures.js';

/** The sandbox's card that pays; the expiry as a person types it (the form adds the slash). */
export const TEST_CARD = { number: '4242 4242 4242 4242', expiry: '1230', cvc: '123' };

/** Pays a reservation through the sandbox's card endpoint, as the card frame does. */
export async function payInSandbox(request: APIRequestContext, reservationId: number) {
  const checkout = await api(request, 'POST', `/api/payments/${reservationId}/checkout`);
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
 * Opens the Payments page of a member who has paid nothing yet, and on it the
 * pending payment of `eventName`, three days at the shipped $150.00: its button.
 */
export async function openFirstPayment(page: Page, eventName: string) {
  await page.goto('/account/payments');
  await expect(page.getByRole('heading', { level: 1, name: 'Payments' })).toBeVisible();
  await expect(page.getByText('No payment history found.')).toBeVisible();
  const button = payButton(page, eventName);
  await expect(button).toContainText('3 days');
  await expect(button).toContainText('$450.00');
  await button.click();
  return button;
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

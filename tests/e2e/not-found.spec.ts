import { messages } from '../../src/shared/messages.js';
import { expect, test } from './fixtures.js';

test('an unknown path answers HTTP 404 and shows the 404 page with a link home', async ({
  page,
}) => {
  const response = await page.goto('/no/such/page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: messages.notFoundTitle })).toBeVisible();
  await expect(page.getByText(messages.notFoundText)).toBeVisible();
  await page.getByRole('link', { name: /homepage/i }).click();
  await expect(page).toHaveURL(/\/$/);
});

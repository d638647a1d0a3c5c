import { messages } from '../../src/shared/messages.js';
import { expect, test } from './fixtures.js';

test('an unknown path shows the 404 page with a link home', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: messages.notFoundTitle })).toBeVisible();
  await expect(page.getByText(messages.notFoundText)).toBeVisible();
  await page.getByRole('link', { name: /homepage/i }).click();
  await expect(page).toHaveURL(/\/$/);
});

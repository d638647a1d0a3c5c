import type { APIRequestContext, Page } from '@playwright/test';
import { ADMIN, api, expect, loginPage, test, unique } from './fixtures.js';
import { dialogOpen, expectNoViolations } from './page-checks.js';

/**
 * Two administrators edit one kind at once (docs/site-content.md, "Two at
 * once"): the second to publish is refused, told who published and when,
 * keeps the draft, compares, reloads and publishes again, and nothing of
 * either edit is lost. Puts the arrival information back as it found it.
 */
async function newestVersion(admin: APIRequestContext): Promise<number> {
  const res = await api(admin, 'GET', '/api/admin/content/arrival/history');
  return ((await res.json()) as { version: number }[])[0]!.version;
}

async function openArrival(page: Page) {
  await page.goto('/admin/site/arrival');
  await expect(page.getByRole('heading', { level: 1, name: 'Arrival information' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Preview' })).toBeVisible();
}

async function previewAndPublish(page: Page) {
  await page.getByRole('button', { name: 'Preview' }).click();
  await page
    .getByRole('region', { name: 'Preview', exact: true })
    .getByRole('button', { name: 'Publish' })
    .click();
}

test('two administrators edit the arrival information at once: the second is told, and nothing is lost', async ({
  page,
  admin,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const before = await newestVersion(admin);
  const secondContext = await browser.newContext({ baseURL });
  try {
    const second = await secondContext.newPage();
    await loginPage(page, ADMIN.username, ADMIN.password);
    await loginPage(second, ADMIN.username, ADMIN.password);
    await openArrival(page);
    await openArrival(second);

    // The first publishes a new arrival time.
    const arrivalTime = unique('from 4 pm, ring the bell ');
    await page.getByRole('textbox', { name: 'Arrival time' }).fill(arrivalTime);
    await previewAndPublish(page);
    await expect(page.getByText(`Published as version ${before + 1}.`)).toBeVisible();

    // The second, still on the version both opened, changes the parking: refused.
    const parking = unique('Buses park on the road by the chapel ');
    const parkingField = second.getByRole('textbox', { name: 'Parking' });
    await parkingField.fill(parking);
    const refused = second.waitForResponse(
      (r) => r.url().endsWith('/api/admin/content/arrival') && r.request().method() === 'PUT',
    );
    await previewAndPublish(second);
    const answer = await refused;
    expect(answer.status()).toBe(412);
    expect(answer.request().headers()['if-match']).toBe(`"${before}"`);
    const notice = second.getByRole('alert', {
      name: 'Not published: someone else published a change meanwhile',
    });
    await expect(notice).toBeVisible();
    await expect(notice).toContainText(
      new RegExp(
        `${ADMIN.username} published version ${before + 1} on .+, after you opened this page\\.`,
      ),
    );
    await expect(notice).toContainText('Your changes are not lost');
    await expect(parkingField).toHaveValue(parking);
    await expect(second.getByText('Unsaved changes')).toBeVisible();
    await expectNoViolations(second, 'the Site area after a refused publication');

    // Compare: the version published now beside the draft.
    await notice.getByRole('button', { name: 'Compare' }).click();
    const compare = second.getByRole('dialog', { name: `Version ${before + 1} and your changes` });
    await dialogOpen(compare);
    await expect(
      compare.getByRole('region', { name: `Published now: version ${before + 1}` }),
    ).toContainText(arrivalTime);
    await expect(compare.getByRole('region', { name: 'Your changes' })).toContainText(parking);
    await expectNoViolations(second, 'the comparison of a draft with the published version');
    await compare.getByRole('button', { name: 'Close' }).first().click();
    await expect(compare).toBeHidden();
    await expect(parkingField).toHaveValue(parking);

    // Reload takes the first's version, after a question; the second then adds the parking again.
    await notice.getByRole('button', { name: 'Reload' }).click();
    const ask = second.getByRole('dialog', { name: 'Reload the published version?' });
    await dialogOpen(ask);
    await expect(ask).toContainText('Your changes are lost.');
    await ask.getByRole('button', { name: 'Reload' }).click();
    await expect(ask).toBeHidden();
    await expect(notice).toBeHidden();
    await expect(second.getByRole('textbox', { name: 'Arrival time' })).toHaveValue(arrivalTime);
    await parkingField.fill(parking);
    await previewAndPublish(second);
    await expect(second.getByText(`Published as version ${before + 2}.`)).toBeVisible();

    // Both edits are on the site.
    const now = await api(admin, 'GET', '/api/admin/content/arrival');
    expect(now.headers()['etag']).toBe(`"${before + 2}"`);
    expect(await now.json()).toMatchObject({ arrivalTime, parking });
  } finally {
    await secondContext.close();
    const res = await api(admin, 'POST', '/api/admin/content/arrival/revert', { version: before });
    expect(res.status(), await res.text()).toBe(200);
  }
});

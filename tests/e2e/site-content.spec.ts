import sharp from 'sharp';
import type { APIRequestContext } from '@playwright/test';
import {
  ADMIN,
  api,
  approvedMember,
  expect,
  loginPage,
  reserveDays,
  test,
  unique,
} from './fixtures.js';
import { expectNoViolations } from './page-checks.js';
import { screens } from './screens.js';

/**
 * The staff edit their own site (docs/site-content.md): a text and a picture
 * of the public pages, and the rates, from the admin's Site area, live
 * without a rebuild. Each test puts the house's content back as it found it,
 * for the journeys that follow.
 */
async function newestVersion(admin: APIRequestContext, name: string): Promise<number> {
  const history = (await (
    await api(admin, 'GET', `/api/admin/content/${name}/history`)
  ).json()) as {
    version: number;
  }[];
  return history[0]!.version;
}

/** A reservation's price as its member's list shows it. */
async function priceOf(member: APIRequestContext, id: number): Promise<number> {
  const url = `/api/reservations/my-reservations?ids=${id}`;
  const list = (await (await api(member, 'GET', url)).json()) as {
    id: number;
    priceCents: number;
  }[];
  return list.find((r) => r.id === id)!.priceCents;
}

async function putBack(admin: APIRequestContext, name: string, version: number) {
  const res = await api(admin, 'POST', `/api/admin/content/${name}/revert`, { version });
  expect(res.status(), await res.text()).toBe(200);
}

/** A real photo, as a phone would send it. */
const photo = () =>
  sharp({ create: { width: 1600, height: 1000, channels: 3, background: '#2f7d4f' } })
    .jpeg()
    .toBuffer();

test('an administrator changes the home page text and a gallery picture, and the public pages show them', async ({
  page,
  admin,
}) => {
  test.setTimeout(120_000);
  const pagesBefore = await newestVersion(admin, 'pages');
  const galleryBefore = await newestVersion(admin, 'gallery');
  try {
    await loginPage(page, ADMIN.username, ADMIN.password);
    await page.goto('/admin/site');
    await expectNoViolations(page, 'the Site area');
    await screens(page, 'admin-site');
    await page.getByRole('link', { name: /Page texts/ }).click();
    const intro = unique('Welcome, churches of the valley ');
    const field = page.getByRole('textbox', {
      name: 'Introduction',
      description: /link to the About page/,
    });
    await field.fill(intro);
    await page.getByRole('button', { name: 'Preview' }).click();
    const preview = page.getByRole('region', { name: 'Preview', exact: true });
    // The home page itself, drawn with the draft.
    await expect(preview.getByRole('region', { name: 'Preview of Home' })).toContainText(intro);
    await expectNoViolations(page, 'the preview of the page texts');
    await screens(page, 'admin-site-pages-preview');
    await preview.getByRole('button', { name: 'Publish' }).click();
    await expect(page.getByText(/Published as version \d+\./)).toBeVisible();

    // The page as the server sends it (drawn before any script) and as the app shows it.
    const html = await (await page.request.get('/')).text();
    expect(html.slice(html.indexOf('data-prerendered'))).toContain(intro);
    await page.goto('/');
    await expect(page.getByText(intro)).toBeVisible();

    await page.goto('/admin/site/gallery');
    const picture = page.getByRole('group', { name: /^Picture 1: / }).first();
    await picture.locator('input[type="file"]').setInputFiles({
      name: 'chapel.jpg',
      mimeType: 'image/jpeg',
      buffer: await photo(),
    });
    await expect(picture.getByRole('textbox', { name: 'Picture file' })).toHaveValue(
      /^images\/uploads\/[0-9a-f]{16}-1600\.webp$/,
    );
    const alt = unique('The chapel in green morning light ');
    await picture
      .getByRole('textbox', { name: 'Describe the picture for people who cannot see it' })
      .fill(alt);
    await screens(page, 'admin-site-gallery');
    await page.getByRole('button', { name: 'Preview' }).click();
    await page
      .getByRole('region', { name: 'Preview', exact: true })
      .getByRole('button', { name: 'Publish' })
      .click();
    await expect(page.getByText(/Published as version \d+\./)).toBeVisible();

    await page.goto('/gallery');
    const shown = page.getByRole('img', { name: alt });
    await expect(shown).toBeVisible();
    await expect(shown).toHaveAttribute(
      'src',
      /^\/api\/content\/images\/uploads\/[0-9a-f]{16}-\d+\.webp$/,
    );
    expect(
      await shown.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth),
    ).toBeGreaterThan(0);
  } finally {
    await putBack(admin, 'pages', pagesBefore);
    await putBack(admin, 'gallery', galleryBefore);
  }
});

test("an administrator raises the rates: a member's quote follows, a reservation already made keeps its price", async ({
  page,
  admin,
  playwright,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const pricingBefore = await newestVersion(admin, 'pricing');
  const { memberApi } = await approvedMember(admin, playwright.request, baseURL, 'rates');
  try {
    const body = {
      eventName: unique('Rates retreat '),
      eventDescription: 'Twenty of us.',
      guests: 20,
    };
    const made = await reserveDays(memberApi, body, { from: 200, to: 300 }, 3);
    const priceBefore = await priceOf(memberApi, made.id);
    const [start, end] = [made.startTime.slice(0, 10), made.endTime.slice(0, 10)];
    const quoteUrl = `/api/facility/quote?start=${start}&end=${end}&guests=20`;
    const quoteBefore = (await (await api(memberApi, 'GET', quoteUrl)).json()) as {
      totalCents: number;
    };

    await loginPage(page, ADMIN.username, ADMIN.password);
    await page.goto('/admin/site/pricing');
    const rate = page.getByRole('textbox', { name: 'Price per person per night' });
    await expect(rate).toHaveValue('65.00');
    await rate.fill('80.00');
    await page.getByRole('button', { name: 'Preview' }).click();
    const preview = page.getByRole('region', { name: 'Preview', exact: true });
    await expect(preview).toContainText('80.00');
    await screens(page, 'admin-site-pricing-preview');
    await preview.getByRole('button', { name: 'Publish' }).click();
    await expect(page.getByText(/Published as version \d+\./)).toBeVisible();

    // 20 guests, 2 nights, 15.00 more a night each.
    const quoteAfter = (await (await api(memberApi, 'GET', quoteUrl)).json()) as {
      totalCents: number;
    };
    expect(quoteAfter.totalCents).toBe(quoteBefore.totalCents + 20 * 2 * 1500);
    expect(await priceOf(memberApi, made.id)).toBe(priceBefore);
  } finally {
    await putBack(admin, 'pricing', pricingBefore);
    await memberApi.dispose();
  }
});

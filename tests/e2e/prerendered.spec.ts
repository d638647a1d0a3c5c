import facility from '../../content/facility.json' with { type: 'json' };
import pages from '../../content/pages.json' with { type: 'json' };
import { monthAhead } from './calendar-helpers.js';
import { expect, test } from './fixtures.js';

// The public pages arrive drawn (docs/operations.md, "Prerendered pages").
const drawn: [path: string, heading: string, text: string][] = [
  ['/', facility.name, pages.home.aboutBlurb],
  ['/about', 'About', pages.about.paragraphs[0]!],
  ['/gallery', 'Gallery', pages.gallery.intro],
  ['/facilities', 'Facilities', pages.floorPlans.intro],
  ['/facilities/floor-plans', 'Facilities', pages.floorPlans.intro],
  ['/facilities/outdoor-areas', 'Facilities', pages.outdoorAreas.intro],
  ['/facilities/availability', 'Facilities', 'See which days are already reserved.'],
];

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('every public page shows its heading, its text and the navigation', async ({ page }) => {
    for (const [path, heading, text] of drawn) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }), path).toHaveText(heading);
      await expect(page.getByRole('main'), path).toContainText(text);
      await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link')).toHaveText([
        'Home',
        'About',
        'Gallery',
        'Facilities',
      ]);
    }
  });
});

test('the browser takes over each prerendered page without an error, and it works', async ({
  page,
}) => {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`${page.url()}: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`${page.url()}: ${message.text()}`);
  });
  // The page carries its route's styles: the app fetches none of them again.
  const styleSheets: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'stylesheet') styleSheets.push(new URL(request.url()).pathname);
  });

  for (const [path, heading] of drawn) {
    const response = await page.goto(path);
    expect(await response!.text(), path).toContain('data-prerendered');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    // Hydrated: the session's link comes, which only the app can add.
    await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
    // Starting the app added no preload link (one per chunk made a long task).
    await expect(page.locator('link[rel=modulepreload]'), path).toHaveCount(0);
  }
  const firstPageStyles = new Set(styleSheets);
  expect(firstPageStyles.size, styleSheets.join(' ')).toBe(1);
  // The availability calendar replaces its placeholder and moves by month.
  await expect(page.locator('[data-calendar-placeholder]')).toHaveCount(0);
  await page.getByRole('button', { name: 'Next month' }).click();
  await expect(page.getByRole('heading', { name: monthAhead(1).title, exact: true })).toBeVisible();
  // Links move within the app.
  await page.getByRole('link', { name: 'About' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('About');
  expect(problems).toEqual([]);
});

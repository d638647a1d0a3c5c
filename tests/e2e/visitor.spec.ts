import facility from '../../content/facility.json' with { type: 'json' };
import floorPlans from '../../content/floor-plans.json' with { type: 'json' };
import gallery from '../../content/gallery.json' with { type: 'json' };
import outdoorMap from '../../content/outdoor-map.json' with { type: 'json' };
import pages from '../../content/pages.json' with { type: 'json' };
import { expect, test } from './fixtures.js';

const firstFloor = floorPlans.levels.find((l) => l.id === 'first-floor')!;
const chapel = firstFloor.areas.find((a) => a.id === 'chapel')!;
const [serviceDay] = gallery.albums;
const pond = outdoorMap.features.find((f) => f.id === 'pond')!;

test('a visitor walks through Home, About, Gallery and Facilities', async ({ page }) => {
  const nav = page.getByRole('navigation', { name: 'Main' });

  // Home: the name and description come from GET /api/facility/info (content/facility.json).
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: facility.name })).toBeVisible();
  await expect(page.getByText(facility.description)).toBeVisible();
  await expect(page).toHaveTitle(`Home | ${facility.name}`);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute(
    'content',
    pages.home.description,
  );
  await expect(page.getByRole('link', { name: 'Check availability' })).toHaveAttribute(
    'href',
    '/facilities/availability',
  );
  // The map frame is added when the visitor scrolls near it.
  const frame = page.locator('iframe[title^="Map showing"]');
  await page.getByText(facility.address.street).scrollIntoViewIfNeeded();
  await expect(frame).toHaveAttribute(
    'src',
    /^https:\/\/www\.openstreetmap\.org\/export\/embed\.html\?bbox=/,
  );
  await expect(page.getByText(facility.address.street)).toBeVisible();
  await expect(
    page.getByRole('region', { name: pages.home.highlightsHeading }).getByRole('img'),
  ).toHaveCount(3);

  // About.
  await nav.getByRole('link', { name: 'About' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'About' })).toBeVisible();
  await expect(page).toHaveTitle(`About | ${facility.name}`);
  await expect(
    page.getByRole('heading', { level: 2, name: pages.about.welcomeHeading }),
  ).toBeVisible();
  await expect(page.getByText(facility.address.street)).toBeVisible();

  // Gallery: open a picture in the viewer, step to the next, close it.
  await nav.getByRole('link', { name: 'Gallery' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Gallery' })).toBeVisible();
  await expect(page).toHaveTitle(`Gallery | ${facility.name}`);
  await page
    .getByRole('navigation', { name: 'Albums' })
    .getByRole('link', { name: new RegExp(serviceDay!.title) })
    .click();
  await expect(page).toHaveURL(/\/gallery\?album=service-day$/);
  await page.getByRole('button', { name: serviceDay!.images[0]!.alt }).click();
  const viewer = page.getByRole('dialog');
  await expect(viewer.getByRole('img', { name: serviceDay!.images[0]!.alt })).toBeVisible();
  await expect(viewer.getByText(serviceDay!.images[0]!.caption)).toBeVisible();
  await viewer.getByRole('button', { name: 'Next picture' }).click();
  await expect(viewer.getByText('Picture 2 of 3')).toBeVisible();
  await expect(viewer.getByRole('img', { name: serviceDay!.images[1]!.alt })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();

  // Facilities: Floor Plans, the Basement first.
  await nav.getByRole('link', { name: 'Facilities' }).click();
  await expect(page.getByRole('tab', { name: 'Floor Plans', selected: true })).toBeVisible();
  await expect(page).toHaveTitle(`Floor Plans · Facilities | ${facility.name}`);
  await expect(page.getByRole('radio', { name: 'Basement' })).toBeChecked();
  await expect(page.getByRole('heading', { level: 3, name: 'Basement' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Meeting Hall' })).toBeVisible();
  // The level drawing itself loads (an SVG served from the build).
  await expect
    .poll(() =>
      page
        .getByRole('img', { name: floorPlans.levels[2]!.alt })
        .evaluate((img: HTMLImageElement) => img.naturalWidth),
    )
    .toBeGreaterThan(0);

  // Switch levels.
  await page.locator('label', { hasText: 'Second Floor' }).click();
  await expect(page.getByRole('radio', { name: 'Second Floor' })).toBeChecked();
  await expect(page.getByRole('button', { name: 'Bunk Room' })).toBeVisible();
  await page.locator('label', { hasText: 'First Floor' }).click();
  await expect(page.getByRole('heading', { level: 3, name: 'First Floor' })).toBeVisible();

  // Open a room and use its carousel.
  await page.getByRole('button', { name: 'Chapel' }).click();
  const room = page.getByRole('dialog');
  await expect(room.getByRole('heading', { name: 'Chapel' })).toBeVisible();
  await expect(room.getByText(chapel.info)).toBeVisible();
  const carousel = room.getByRole('group', { name: 'Chapel photos' });
  await expect(carousel.getByRole('img', { name: chapel.roomImages[0]!.alt })).toBeVisible();
  await carousel.getByRole('button', { name: 'Next photo' }).click();
  await expect(carousel.getByText('Photo 2 of 2')).toBeVisible();
  await expect(carousel.getByRole('img', { name: chapel.roomImages[1]!.alt })).toBeVisible();
  await carousel.getByRole('button', { name: 'Previous photo' }).click();
  await expect(carousel.getByText('Photo 1 of 2')).toBeVisible();
  await room.getByRole('button', { name: 'Close room details' }).click();
  await expect(room).toBeHidden();
  // Focus goes back to the room on the plan; Enter opens it again.
  await expect(page.getByRole('button', { name: 'Chapel' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog').getByRole('heading', { name: 'Chapel' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();

  // Outdoor Areas: select a place with the keyboard alone.
  await page.getByRole('tab', { name: 'Outdoor Areas' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Outdoor Areas' })).toBeVisible();
  await expect(page).toHaveTitle(`Outdoor Areas · Facilities | ${facility.name}`);
  const target = page.getByRole('button', { name: pond.name });
  for (let i = 0; i < 30; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) break;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
  // The focused place shows a visible focus ring.
  await expect(target.locator('path').nth(3)).toHaveCSS('visibility', 'visible');
  await page.keyboard.press('Enter');
  const details = page.getByRole('region', { name: 'Place details' });
  await expect(details.getByRole('heading', { name: pond.name })).toBeVisible();
  await expect(details).toContainText(pond.description);
  await expect(target).toHaveAttribute('aria-pressed', 'true');
});

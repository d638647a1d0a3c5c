import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import facilityJson from '../../../../../content/facility.json';
import { messages } from '../../../../shared/messages.js';
import { mockApi, renderApp, facilityInfo } from '@/test/utils.js';
import { highlights, pages, SITE_TITLE } from '@/test/site-content.js';

const info = facilityInfo('America/Chicago', {
  name: 'Cedar Creek Retreat House',
  description: 'A quiet house by the creek.',
});

function metaDescription() {
  return document.head.querySelector<HTMLMetaElement>('meta[name="description"]')?.content;
}

describe('Home', () => {
  it('shows the facility name and description from GET /api/facility/info, and the links', async () => {
    mockApi({ 'GET /api/facility/info': info });
    renderApp('/');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Cedar Creek Retreat House' }),
    ).toBeInTheDocument();
    expect(await screen.findByText('A quiet house by the creek.')).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Check availability' })).toHaveAttribute(
      'href',
      '/facilities/availability',
    );
    expect(
      screen.getByRole('heading', { level: 2, name: pages.home.aboutHeading }),
    ).toBeInTheDocument();
    expect(screen.getByText(pages.home.aboutBlurb)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'More about the house' })).toHaveAttribute(
      'href',
      '/about',
    );
    expect(screen.getByRole('link', { name: 'View the gallery' })).toHaveAttribute(
      'href',
      '/gallery',
    );
    expect(screen.queryByText(messages.facilityLoadFailed)).not.toBeInTheDocument();
  });

  it('highlights three pictures, lazily loaded with their size and alt text', async () => {
    mockApi({ 'GET /api/facility/info': info });
    renderApp('/');
    const section = await screen.findByRole('region', { name: pages.home.highlightsHeading });
    const images = within(section).getAllByRole('img');
    expect(images).toHaveLength(3);
    images.forEach((img, i) => {
      expect(img).toHaveAttribute('alt', highlights[i]!.alt);
      expect(img).toHaveAttribute('loading', 'lazy');
      expect(img).toHaveAttribute('width', '640');
      expect(img).toHaveAttribute('height', '400');
      expect(img.getAttribute('src')).toContain(
        highlights[i]!.src.split('/').pop()!.replace('.svg', ''),
      );
    });
    expect(within(section).getByText(highlights[0]!.caption)).toBeInTheDocument();
  });

  it('embeds the OpenStreetMap frame built from content/ with the address as text', async () => {
    mockApi({ 'GET /api/facility/info': info });
    renderApp('/');
    const section = await screen.findByRole('region', { name: 'Find us' });
    // Added when the section is near the viewport (at once in the tests' observer).
    const frame = await waitFor(() => {
      const found = section.querySelector('iframe');
      expect(found).not.toBeNull();
      return found!;
    });
    const { latitude, longitude, span } = facilityJson.map;
    const src = new URL(frame.getAttribute('src')!);
    expect(src.origin).toBe('https://www.openstreetmap.org');
    expect(src.pathname).toBe('/export/embed.html');
    expect(src.searchParams.get('layer')).toBe('mapnik');
    expect(src.searchParams.get('marker')).toBe(`${latitude},${longitude}`);
    const bbox = src.searchParams.get('bbox')!.split(',').map(Number);
    expect(bbox[0]).toBeCloseTo(longitude - span, 6);
    expect(bbox[1]).toBeCloseTo(latitude - span / 2, 6);
    expect(bbox[2]).toBeCloseTo(longitude + span, 6);
    expect(bbox[3]).toBeCloseTo(latitude + span / 2, 6);
    expect(frame).toHaveAttribute('loading', 'lazy');
    expect(frame.getAttribute('title')).toMatch(/^Map showing /);
    const address = section.querySelector('address')!;
    expect(address).toHaveTextContent(facilityJson.address.street);
    expect(address).toHaveTextContent(
      `${facilityJson.address.city}, ${facilityJson.address.region}`,
    );
  });

  it("says 'Failed to load facility information. Please try again later.' when the info cannot load", async () => {
    mockApi({ 'GET /api/facility/info': { status: 500, body: { message: 'Boom.' } } });
    renderApp('/');
    expect(await screen.findByText(messages.facilityLoadFailed)).toBeInTheDocument();
    // The page still works: fallback name, links, map and address.
    expect(screen.getByRole('heading', { level: 1, name: SITE_TITLE })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Check availability' })).toBeInTheDocument();
    expect(screen.getByText(facilityJson.address.street)).toBeInTheDocument();
  });

  it('names the tab and sets the description meta tag', async () => {
    mockApi({ 'GET /api/facility/info': info });
    document.title = '';
    renderApp('/');
    await screen.findByRole('heading', { level: 1 });
    await waitFor(() => expect(document.title).toBe(`Home | ${SITE_TITLE}`));
    expect(metaDescription()).toBe(pages.home.description);
  });

  it('gives the description back when the visitor leaves for a page without its own', async () => {
    mockApi({ 'GET /api/facility/info': info });
    let meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.append(meta);
    }
    meta.content = 'The site description.';
    const { router } = renderApp('/');
    await waitFor(() => expect(metaDescription()).toBe(pages.home.description));
    await router.navigate('/login');
    await waitFor(() => expect(metaDescription()).toBe('The site description.'));
  });
});

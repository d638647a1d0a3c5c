import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import facilityJson from '../../../../../content/facility.json';
import { messages } from '../../../../shared/messages.js';
import { mockApi, renderApp, facilityInfo } from '@/test/utils.js';
import { pages, SITE_TITLE } from '@/test/site-content.js';

const info = facilityInfo('America/Chicago', {
  name: 'Cedar Creek Retreat House',
  description: 'A quiet house by the creek.',
});

describe('About', () => {
  it('shows the welcome text, the directions and the map with the address', async () => {
    mockApi({ 'GET /api/facility/info': info });
    renderApp('/about');
    expect(await screen.findByRole('heading', { level: 1, name: 'About' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(
      screen.getByRole('heading', { level: 2, name: pages.about.welcomeHeading }),
    ).toBeInTheDocument();
    for (const paragraph of pages.about.paragraphs)
      expect(screen.getByText(paragraph)).toBeInTheDocument();
    expect(await screen.findByText('A quiet house by the creek.')).toBeInTheDocument();
    expect(screen.getByText(pages.about.directions)).toBeInTheDocument();
    const frame = document.querySelector('iframe')!;
    expect(frame.getAttribute('src')).toContain(
      `marker=${facilityJson.map.latitude}%2C${facilityJson.map.longitude}`,
    );
    expect(screen.getByText(facilityJson.address.street)).toBeInTheDocument();
    expect(screen.queryByText(messages.facilityLoadFailedAbout)).not.toBeInTheDocument();
  });

  it("says 'Failed to load facility information.' when the info cannot load", async () => {
    mockApi({ 'GET /api/facility/info': { status: 503, body: { message: 'Down.' } } });
    renderApp('/about');
    expect(await screen.findByText(messages.facilityLoadFailedAbout)).toBeInTheDocument();
    expect(screen.queryByText(messages.facilityLoadFailed)).not.toBeInTheDocument();
    expect(screen.getByText(pages.about.paragraphs[0]!)).toBeInTheDocument();
  });

  it('names the tab and sets the description meta tag', async () => {
    mockApi({ 'GET /api/facility/info': info });
    document.title = '';
    renderApp('/about');
    await screen.findByRole('heading', { level: 1, name: 'About' });
    await waitFor(() => expect(document.title).toBe(`About | ${SITE_TITLE}`));
    expect(document.head.querySelector<HTMLMetaElement>('meta[name="description"]')?.content).toBe(
      pages.about.description,
    );
  });
});

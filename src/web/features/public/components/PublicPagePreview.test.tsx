import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/AppProviders.js';
import { gallery, pages, testSiteContent } from '@/test/site-content.js';
import { createTestQueryClient, facilityInfo, mockApi } from '@/test/utils.js';
import { PublicPagePreview, type PublicPagePreviewProps } from '../preview.js';

/** The preview inside the admin's page, which has its router, title and description already. */
function renderInAdmin(props: PublicPagePreviewProps) {
  document.title = 'Site | Admin';
  const router = createMemoryRouter(
    [{ path: '/admin/site', element: <PublicPagePreview {...props} /> }],
    { initialEntries: ['/admin/site'] },
  );
  const view = (
    <AppProviders queryClient={createTestQueryClient()} env="test">
      <RouterProvider router={router} />
    </AppProviders>
  );
  return { router, ...render(view) };
}

const preview = (label: string) =>
  within(screen.getByRole('region', { name: `Preview of ${label}` }));

describe('the preview of a draft', () => {
  it('draws the home and about pages with draft page texts', async () => {
    mockApi();
    const draft = structuredClone(pages);
    draft.home.aboutBlurb = 'A draft of the welcome.';
    draft.about.directions = 'A draft of the directions.';
    renderInAdmin({ name: 'pages', draft });
    expect(await preview('Home').findByText('A draft of the welcome.')).toBeInTheDocument();
    expect(await preview('About').findByText('A draft of the directions.')).toBeInTheDocument();
    expect(screen.queryByText(pages.home.aboutBlurb)).not.toBeInTheDocument();
    // The admin's tab title is left alone.
    expect(document.title).toBe('Site | Admin');
  });

  it("shows a draft of the house's name over the published one", async () => {
    mockApi({ 'GET /api/facility/info': facilityInfo('America/Chicago', { name: 'Published' }) });
    const draft = { ...testSiteContent.facility, name: 'The Draft House' };
    renderInAdmin({ name: 'facility', draft });
    expect(
      await preview('Home').findByRole('heading', { level: 1, name: 'The Draft House' }),
    ).toBeInTheDocument();
    expect(screen.queryByText('Published')).not.toBeInTheDocument();
  });

  it("moves within the preview only: an album chosen leaves the admin's page where it is", async () => {
    mockApi();
    const draft = structuredClone(gallery);
    draft.albums[1]!.title = 'Draft album';
    const { router } = renderInAdmin({ name: 'gallery', draft });
    const page = preview('Gallery');
    await userEvent.click(await page.findByRole('link', { name: /Draft album/ }));
    expect(page.getByRole('heading', { level: 2, name: 'Draft album' })).toBeInTheDocument();
    expect(page.queryByRole('heading', { level: 2, name: gallery.albums[0]!.title })).toBeNull();
    expect(router.state.location.pathname).toBe('/admin/site');
    expect(router.state.location.search).toBe('');
  });

  it('draws the floor plans and the outdoor areas from their drafts', async () => {
    mockApi();
    const plans = structuredClone(testSiteContent['floor-plans']);
    plans.levels[0]!.name = 'Draft level';
    const { unmount } = renderInAdmin({ name: 'floor-plans', draft: plans });
    expect(
      await preview('Floor Plans').findByRole('radio', { name: 'Draft level' }),
    ).toBeInTheDocument();
    unmount();
    const map = { ...testSiteContent['outdoor-map'], title: 'Draft grounds' };
    renderInAdmin({ name: 'outdoor-map', draft: map });
    expect(
      await preview('Outdoor Areas').findByRole('group', { name: 'Draft grounds' }),
    ).toBeInTheDocument();
  });

  it('says so while a draft cannot be drawn', async () => {
    mockApi();
    vi.mocked(console.error).mockImplementation(() => {});
    const draft = { albums: undefined } as unknown as typeof gallery;
    renderInAdmin({ name: 'gallery', draft });
    expect(
      await preview('Gallery').findByText(
        'The preview cannot be drawn until the draft is complete.',
      ),
    ).toBeInTheDocument();
  });
});

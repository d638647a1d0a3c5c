import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { findDialog, mockApi, renderApp } from '@/test/utils.js';
import { gallery, pages, SITE_TITLE } from '@/test/site-content.js';

const [serviceDay, outdoor] = gallery.albums as [
  (typeof gallery.albums)[0],
  (typeof gallery.albums)[0],
];

async function albumsNav() {
  return within(await screen.findByRole('navigation', { name: 'Albums' }));
}

function pictureButtons() {
  return within(screen.getByRole('main'))
    .getAllByRole('button')
    .filter((b) => b.getAttribute('aria-haspopup') === 'dialog');
}

describe('Gallery', () => {
  it("lists 'All' and the two albums; 'All' shows the six pictures", async () => {
    mockApi();
    renderApp('/gallery');
    const nav = await albumsNav();
    const links = nav.getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual([
      'All6 pictures',
      `${serviceDay.title}3 pictures`,
      `${outdoor.title}3 pictures`,
    ]);
    expect(links[0]).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('heading', { level: 1, name: 'Gallery' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: serviceDay.title })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: outdoor.title })).toBeInTheDocument();
    expect(pictureButtons()).toHaveLength(6);
    for (const img of within(screen.getByRole('main')).getAllByRole('img')) {
      expect(img).toHaveAttribute('loading', 'lazy');
      expect(img.getAttribute('alt')).not.toBe('');
    }
  });

  it('filters by album', async () => {
    mockApi();
    const { router } = renderApp('/gallery');
    const nav = await albumsNav();
    await userEvent.click(nav.getByRole('link', { name: new RegExp(outdoor.title) }));
    await waitFor(() => expect(pictureButtons()).toHaveLength(3));
    expect(router.state.location.search).toBe(`?album=${outdoor.id}`);
    expect(nav.getByRole('link', { name: new RegExp(outdoor.title) })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(
      screen.queryByRole('heading', { level: 2, name: serviceDay.title }),
    ).not.toBeInTheDocument();
    for (const image of outdoor.images)
      expect(screen.getByRole('img', { name: image.alt })).toBeInTheDocument();
    await userEvent.click(nav.getByRole('link', { name: /^All/ }));
    await waitFor(() => expect(pictureButtons()).toHaveLength(6));
  });

  it('opens a picture in the viewer, steps with Next, Previous and the arrow keys, and closes with Escape', async () => {
    mockApi();
    renderApp(`/gallery?album=${serviceDay.id}`);
    await screen.findByRole('heading', { level: 2, name: serviceDay.title });
    const first = screen.getByRole('button', { name: serviceDay.images[0]!.alt });
    await userEvent.click(first);

    const dialog = await findDialog();
    expect(within(dialog).getByRole('heading', { name: serviceDay.title })).toBeInTheDocument();
    expect(
      within(dialog).getByRole('img', { name: serviceDay.images[0]!.alt }),
    ).toBeInTheDocument();
    expect(within(dialog).getByText(serviceDay.images[0]!.caption)).toBeInTheDocument();
    expect(within(dialog).getByText('Picture 1 of 3')).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Next picture' }));
    expect(
      within(dialog).getByRole('img', { name: serviceDay.images[1]!.alt }),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('Picture 2 of 3')).toBeInTheDocument();

    await userEvent.keyboard('{ArrowRight}');
    expect(within(dialog).getByText(serviceDay.images[2]!.caption)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Next picture' }));
    expect(within(dialog).getByText('Picture 1 of 3')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Previous picture' }));
    expect(within(dialog).getByText('Picture 3 of 3')).toBeInTheDocument();
    await userEvent.keyboard('{ArrowLeft}');
    expect(within(dialog).getByText('Picture 2 of 3')).toBeInTheDocument();

    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("in 'All', steps from one album into the next", async () => {
    mockApi();
    renderApp('/gallery');
    await userEvent.click(await screen.findByRole('button', { name: serviceDay.images[2]!.alt }));
    const dialog = await findDialog();
    expect(within(dialog).getByText('Picture 3 of 6')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Next picture' }));
    expect(within(dialog).getByRole('img', { name: outdoor.images[0]!.alt })).toBeInTheDocument();
    expect(within(dialog).getByRole('heading', { name: outdoor.title })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close viewer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('names the tab and sets the description meta tag', async () => {
    mockApi();
    document.title = '';
    renderApp('/gallery');
    await screen.findByRole('heading', { level: 1, name: 'Gallery' });
    await waitFor(() => expect(document.title).toBe(`Gallery | ${SITE_TITLE}`));
    expect(document.head.querySelector<HTMLMetaElement>('meta[name="description"]')?.content).toBe(
      pages.gallery.description,
    );
  });
});

import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { contentOf, openEditor, siteServer } from '../site.testing.js';

type Gallery = { albums: { images: { id: string; alt: string }[] }[] };
type Pages = { home: { highlights: string[] } };

describe('the preview of a public kind', () => {
  it('draws the home page with the gallery as the server has it now, not as the page came', async () => {
    // Since this page was loaded, the staff changed the description of a highlighted picture.
    const gallery = structuredClone(contentOf<Gallery>('gallery'));
    const highlighted = contentOf<Pages>('pages').home.highlights[0]!;
    const image = gallery.albums.flatMap((a) => a.images).find((i) => i.id === highlighted)!;
    image.alt = 'The picture as described since';
    siteServer({ 'GET /api/admin/content/gallery': { body: gallery } });
    await openEditor('pages');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    const home = await screen.findByRole('region', { name: 'Preview of Home' });
    expect(
      await within(home).findByRole('img', { name: 'The picture as described since' }),
    ).toBeInTheDocument();
  });
});

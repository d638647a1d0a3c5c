import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { callsTo, type FakeRequest } from '@/test/utils.js';
import { contentOf, openEditor, putBodies, siteServer } from '../site.testing.js';
import { NOT_A_PICTURE, TOO_LARGE } from './fields/PictureField.js';

const UPLOADED = 'images/uploads/ab12cd34ef567890-1280.webp';
const uploaded = {
  status: 201,
  body: { path: UPLOADED, url: `/api/content/${UPLOADED}`, width: 1280, height: 800 },
};
const photo = () =>
  new File([new Uint8Array([0xff, 0xd8, 0xff])], 'dock.jpg', { type: 'image/jpeg' });

/** The hidden file input of an "Upload a picture" button. */
function fileInputOf(frame: HTMLElement) {
  const input = frame.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  return input;
}

type Levels = { levels: Record<string, unknown>[] };

describe('pictures', () => {
  it('uploads a picture and fills in its file, width and height, showing it', async () => {
    const fetchMock = siteServer({ 'POST /api/admin/content/images': uploaded });
    await openEditor('gallery');
    const picture = screen.getByRole('group', { name: 'Picture 1: The pond and its dock' });
    expect(picture).toHaveTextContent(
      'A picture shipped with the site: images/gallery/pond-dock.svg',
    );
    const button = within(picture).getByRole('button', {
      name: 'Upload a picture for Picture 1 of Album 2',
    });
    expect(button).toHaveTextContent('Upload a picture');
    await userEvent.upload(fileInputOf(picture), photo());

    await waitFor(() =>
      expect(within(picture).getByRole('textbox', { name: 'Picture file' })).toHaveValue(UPLOADED),
    );
    expect(within(picture).getByRole('textbox', { name: 'Width in pixels' })).toHaveValue('1280');
    expect(within(picture).getByRole('textbox', { name: 'Height in pixels' })).toHaveValue('800');
    const shown = within(picture).getByRole('img');
    expect(shown).toHaveAttribute('src', `/api/content/${UPLOADED}`);
    expect(shown).toHaveAccessibleName(
      'A wooden dock reaching into the pond, an orange canoe on the water and trees on the far bank.',
    );
    const [post] = callsTo(fetchMock, 'POST /api/admin/content/images') as FakeRequest[];
    const sent = (post!.body as FormData).get('image') as File;
    expect(sent.name).toBe('dock.jpg');
    expect(post!.headers.get('X-XSRF-TOKEN')).toBe('test-csrf-token');
    expect(screen.getByText('Unsaved changes')).toBeVisible();
    // The other pictures keep theirs.
    const other = screen.getByRole('group', { name: 'Picture 2: The old barn' });
    expect(within(other).getByRole('textbox', { name: 'Picture file' })).toHaveValue(
      'images/gallery/barn.svg',
    );
  });

  it("publishes a floor's new drawing with its size", async () => {
    const fetchMock = siteServer({ 'POST /api/admin/content/images': uploaded });
    await openEditor('floor-plans');
    const user = userEvent.setup();
    const floor = screen.getByRole('group', { name: 'Floor 1: Second Floor' });
    await userEvent.upload(fileInputOf(floor), photo());
    await waitFor(() =>
      expect(within(floor).getAllByRole('textbox', { name: 'Plan drawing' })[0]).toHaveValue(
        UPLOADED,
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    const preview = await screen.findByRole('region', { name: 'Preview' });
    // The public floor-plans page, drawn with the draft: its second floor shows the upload.
    await user.click(await within(preview).findByRole('radio', { name: 'Second Floor' }));
    await waitFor(() =>
      expect(
        within(preview)
          .getAllByRole('img')
          .map((img) => img.getAttribute('src')),
      ).toContain(`/api/content/${UPLOADED}`),
    );
    await user.click(within(preview).getByRole('button', { name: 'Publish' }));
    await screen.findByText('Published as version 3.');

    const expected = contentOf<Levels>('floor-plans');
    expected.levels[0] = { ...expected.levels[0], image: UPLOADED, width: 1280, height: 800 };
    expect(putBodies(fetchMock, 'floor-plans')).toEqual([expected]);
  });

  it.each([
    [415, 'not_image', NOT_A_PICTURE],
    [413, 'body_too_large', TOO_LARGE],
  ])(
    'says what is wrong when the server answers %i, and changes nothing',
    async (status, code, text) => {
      siteServer({
        'POST /api/admin/content/images': { status, body: { code, message: 'Refused.' } },
      });
      await openEditor('gallery');
      const picture = screen.getByRole('group', { name: 'Picture 2: The old barn' });
      await userEvent.upload(fileInputOf(picture), photo());
      expect(await within(picture).findByRole('alert')).toHaveTextContent(text);
      expect(within(picture).getByRole('textbox', { name: 'Picture file' })).toHaveValue(
        'images/gallery/barn.svg',
      );
      expect(within(picture).getByRole('textbox', { name: 'Width in pixels' })).toHaveValue('640');
      expect(screen.queryByText('Unsaved changes')).toBeNull();
    },
  );
});

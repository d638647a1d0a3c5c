import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { callsTo } from '@/test/utils.js';
import { contentOf, openEditor, putBodies, siteServer } from '../site.testing.js';

const previewRegion = () => screen.findByRole('region', { name: 'Preview' });

describe('publishing a kind', () => {
  it('previews the edited draft, then publishes the whole JSON with it and names the version', async () => {
    const fetchMock = siteServer();
    await openEditor('arrival');
    const user = userEvent.setup();
    expect(screen.queryByText('Unsaved changes')).toBeNull();
    const time = screen.getByRole('textbox', { name: 'Arrival time' });
    await user.clear(time);
    await user.type(time, 'from 4 pm on your first day');
    expect(screen.getByText('Unsaved changes')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Preview' }));
    const preview = await previewRegion();
    expect(preview).toHaveTextContent('Arrival: from 4 pm on your first day');
    expect(preview).toHaveTextContent('Departure: by 11 am on your last day');
    expect(screen.getByRole('heading', { name: 'Preview' })).toHaveFocus();
    expect(putBodies(fetchMock, 'arrival')).toEqual([]);

    await user.click(within(preview).getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('Published as version 3.')).toBeInTheDocument();
    expect(putBodies(fetchMock, 'arrival')).toEqual([
      { ...contentOf('arrival'), arrivalTime: 'from 4 pm on your first day' },
    ]);
    const [put] = callsTo(fetchMock, 'PUT /api/admin/content/arrival');
    expect(put!.headers.get('X-XSRF-TOKEN')).toBe('test-csrf-token');
    expect(screen.queryByText('Unsaved changes')).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Arrival time' })).toHaveValue(
      'from 4 pm on your first day',
    );
  });

  it("shows the server's problems at their fields and above the form, and keeps the draft", async () => {
    const fetchMock = siteServer({
      'PUT /api/admin/content/gallery': {
        status: 400,
        body: {
          code: 'validation_failed',
          message: 'no picture images/gallery/service-garden.svg: upload it first',
          issues: [
            {
              path: 'body.albums.0.images.1.src',
              message: 'no picture images/gallery/service-garden.svg: upload it first',
            },
            { path: ['albums', 1, 'title'], message: 'Give a shorter title.' },
          ],
        },
      },
    });
    await openEditor('gallery');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    await user.click(within(await previewRegion()).getByRole('button', { name: 'Publish' }));

    const summary = await screen.findByRole('alert', { name: /^Nothing was saved/ });
    expect(summary).toHaveTextContent('Nothing was saved: 2 problems to fix.');
    const items = within(summary).getAllByRole('button');
    expect(items.map((b) => b.textContent)).toEqual([
      'Album 1 › Picture 2 › Picture file: no picture images/gallery/service-garden.svg: upload it first',
      'Album 2 › Album title: Give a shorter title.',
    ]);
    const picture = screen.getByRole('group', { name: 'Picture 2: Planting the kitchen garden' });
    const file = within(picture).getByRole('textbox', { name: 'Picture file' });
    expect(file).toHaveAccessibleDescription(
      expect.stringContaining('no picture images/gallery/service-garden.svg: upload it first'),
    );
    expect(file).toHaveAttribute('aria-invalid', 'true');
    const album = screen.getByRole('group', { name: 'Album 2: Outdoor Spaces' });
    expect(within(album).getByRole('textbox', { name: 'Album title' })).toHaveAccessibleDescription(
      expect.stringContaining('Give a shorter title.'),
    );

    await user.click(items[0]!);
    expect(file).toHaveFocus();
    expect(screen.queryByRole('region', { name: 'Preview' })).toBeNull();
    expect(callsTo(fetchMock, 'PUT /api/admin/content/gallery')).toHaveLength(1);
    expect(screen.queryByText(/Published as version/)).toBeNull();
  });

  it('refuses a draft its schema refuses before sending anything, naming the field', async () => {
    const fetchMock = siteServer();
    await openEditor('facility');
    const user = userEvent.setup();
    const houseName = screen.getByRole('textbox', { name: 'Name of the house' });
    await user.clear(houseName);
    await user.click(screen.getByRole('button', { name: 'Preview' }));

    const summary = await screen.findByRole('alert', { name: /^Not ready to publish/ });
    expect(summary).toHaveTextContent('Not ready to publish: one problem to fix.');
    expect(summary).toHaveTextContent('Name of the house: Fill this in.');
    expect(summary).toHaveFocus();
    expect(houseName).toHaveAccessibleDescription(expect.stringContaining('Fill this in.'));
    expect(screen.queryByRole('button', { name: 'Publish' })).toBeNull();
    expect(putBodies(fetchMock, 'facility')).toEqual([]);

    await user.type(houseName, 'Cedar Creek House');
    expect(screen.queryByRole('alert', { name: /^Not ready to publish/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await previewRegion()).toHaveTextContent('Cedar Creek House');
  });

  it("keeps a schema's own words for a problem, and checks across kinds", async () => {
    const fetchMock = siteServer();
    await openEditor('gallery');
    const user = userEvent.setup();
    const album = screen.getByRole('group', { name: 'Album 1: Service Day' });
    const id = within(album).getAllByRole('textbox', { name: 'Album id' })[0]!;
    await user.clear(id);
    await user.type(id, 'Service Day');
    const picture = screen.getByRole('group', { name: 'Picture 3: Lunch together after the work' });
    const pictureId = within(picture).getByRole('textbox', { name: 'Picture id' });
    await user.clear(pictureId);
    await user.type(pictureId, 'lunch');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    const summary = await screen.findByRole('alert', { name: /^Not ready to publish/ });
    expect(
      within(summary)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Album 1 › Album id: use lower-case words joined by hyphens']);

    await user.clear(id);
    await user.type(id, 'service-day');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByRole('alert', { name: /^Not ready to publish/ })).toHaveTextContent(
      'Albums: the home page shows the picture "service-meal": keep it, or choose another on the page texts first',
    );
    expect(putBodies(fetchMock, 'gallery')).toEqual([]);
  });
});

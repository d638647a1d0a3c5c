import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { callsTo } from '@/test/utils.js';
import { NOW, openPage, reservationServer } from '../reservations.testing.js';

const FIRST = 'https://house.example.org/api/calendar/feed/first-token.ics';
const SECOND = 'https://house.example.org/api/calendar/feed/second-token.ics';

beforeEach(() => {
  vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
});

/** The calendar section of My Reservations. */
const calendarSection = () => screen.getByRole('region', { name: 'Calendar' });

describe('My Reservations: subscribing to the personal calendar feed', () => {
  it('offers the personal feed under the calendar, and a reset that shows the new link', async () => {
    const { fetchMock } = reservationServer({
      extra: {
        'GET /api/calendar/feed': { body: { url: FIRST } },
        'POST /api/calendar/feed/rotate': { body: { url: SECOND } },
      },
    });
    await openPage();
    const user = userEvent.setup();
    const section = calendarSection();
    await user.click(await within(section).findByRole('button', { name: 'Subscribe' }));
    expect(within(section).getByRole('textbox', { name: 'Calendar link' })).toHaveValue(FIRST);
    expect(within(section).getByRole('link', { name: 'Open in calendar app' })).toHaveAttribute(
      'href',
      'webcal://house.example.org/api/calendar/feed/first-token.ics',
    );

    await user.click(within(section).getByRole('button', { name: 'Reset link' }));
    const dialog = screen.getByRole('dialog', { name: 'Reset the calendar link?' });
    await user.click(within(dialog).getByRole('button', { name: 'Reset link' }));
    expect(await within(section).findByText(/New link ready/)).toBeInTheDocument();
    expect(within(section).getByRole('textbox', { name: 'Calendar link' })).toHaveValue(SECOND);
    const [rotate] = callsTo(fetchMock, 'POST /api/calendar/feed/rotate');
    expect(rotate?.headers.get('X-XSRF-TOKEN')).toBe('test-csrf-token');
    // The address is asked for once; the reset's answer replaces it in the cache.
    expect(callsTo(fetchMock, 'GET /api/calendar/feed')).toHaveLength(1);
  });

  it('asks for the address only when the section opens, and says when it cannot be had', async () => {
    const { fetchMock } = reservationServer({
      extra: { 'GET /api/calendar/feed': { status: 500, body: { message: 'Down.' } } },
    });
    await openPage();
    const section = calendarSection();
    const subscribe = await within(section).findByRole('button', { name: 'Subscribe' });
    expect(callsTo(fetchMock, 'GET /api/calendar/feed')).toHaveLength(0);
    await userEvent.setup().click(subscribe);
    expect(await within(section).findByRole('alert')).toHaveTextContent(
      'Your calendar link could not be loaded.',
    );
    expect(callsTo(fetchMock, 'GET /api/calendar/feed')).toHaveLength(1);
    expect(within(section).queryByRole('button', { name: 'Reset link' })).toBeNull();
  });
});

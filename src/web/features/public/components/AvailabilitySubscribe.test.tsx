import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { facilityInfo, mockApi, renderApp } from '@/test/utils.js';

describe('Availability: subscribing to the public calendar feed', () => {
  it('offers the public feed by its absolute address, with no reset', async () => {
    mockApi({
      'GET /api/facility/info': facilityInfo('America/Chicago'),
      'GET /api/reservations/public-calendar': { body: [] },
    });
    renderApp('/facilities/availability');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Subscribe' }));
    const url = `${window.location.origin}/api/calendar/public.ics`;
    expect(url).toMatch(/^https?:\/\//);
    expect(screen.getByRole('textbox', { name: 'Calendar link' })).toHaveValue(url);
    expect(screen.getByRole('link', { name: 'Open in calendar app' })).toHaveAttribute(
      'href',
      url.replace(/^https?:\/\//, 'webcal://'),
    );
    expect(screen.queryByRole('button', { name: 'Reset link' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(await navigator.clipboard.readText()).toBe(url);
    expect(screen.getByRole('status')).toHaveTextContent('Link copied');
  });
});

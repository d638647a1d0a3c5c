import { MantineProvider } from '@mantine/core';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  CalendarSubscribe,
  CONFIRMATION_MS,
  webcalUrl,
  type CalendarSubscribeProps,
} from './CalendarSubscribe.js';

const URL_ = 'https://house.example.org/api/calendar/feed/abc_DEF-123.ics';

function renderSubscribe(props: Partial<CalendarSubscribeProps> = {}) {
  const result = render(
    <MantineProvider env="test">
      <CalendarSubscribe url={URL_} {...props} />
    </MantineProvider>,
  );
  const rerender = (next: Partial<CalendarSubscribeProps>) =>
    result.rerender(
      <MantineProvider env="test">
        <CalendarSubscribe url={URL_} {...props} {...next} />
      </MantineProvider>,
    );
  return { ...result, rerender };
}

/** Opens the collapsed section; returns the user-event instance (with its clipboard). */
async function open(options: Parameters<typeof userEvent.setup>[0] = {}) {
  const user = userEvent.setup(options);
  const toggle = screen.getByRole('button', { name: 'Subscribe' });
  expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await user.click(toggle);
  expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const panel = document.getElementById(toggle.getAttribute('aria-controls')!);
  expect(panel).not.toBeNull();
  return { user, panel: panel! };
}

describe('webcalUrl', () => {
  it('swaps http and https for webcal and keeps the rest', () => {
    expect(webcalUrl(URL_)).toBe('webcal://house.example.org/api/calendar/feed/abc_DEF-123.ics');
    expect(webcalUrl('http://localhost:3000/api/calendar/public.ics')).toBe(
      'webcal://localhost:3000/api/calendar/public.ics',
    );
  });
});

describe('CalendarSubscribe', () => {
  it('starts collapsed and shows the address read-only, with a webcal link, when opened', async () => {
    renderSubscribe({ description: 'The days of the house.' });
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    const { panel } = await open();
    const field = within(panel).getByRole('textbox', { name: 'Calendar link' });
    expect(field).toHaveValue(URL_);
    expect(field).toHaveAttribute('readonly');
    expect(within(panel).getByText('The days of the house.')).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'Open in calendar app' })).toHaveAttribute(
      'href',
      'webcal://house.example.org/api/calendar/feed/abc_DEF-123.ics',
    );
    // No reset without onRotate.
    expect(within(panel).queryByRole('button', { name: 'Reset link' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('copies the address and says so, then the confirmation goes away', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderSubscribe();
    const { user } = await open({ advanceTimers: vi.advanceTimersByTime });
    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(await navigator.clipboard.readText()).toBe(URL_);
    expect(screen.getByRole('status')).toHaveTextContent('Link copied');
    act(() => vi.advanceTimersByTime(CONFIRMATION_MS));
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('tells the user to copy by hand when the clipboard refuses', async () => {
    renderSubscribe();
    const { user } = await open();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValueOnce(new Error('denied'));
    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(screen.getByRole('status')).toHaveTextContent(
      'The link could not be copied: select the address and copy it.',
    );
  });

  it('resets the link after a confirmation that explains the old link stops working', async () => {
    const onRotate = vi.fn(async () => undefined);
    const { rerender } = renderSubscribe({ onRotate });
    const { user, panel } = await open();
    expect(within(panel).getByText(/The old link stops working/)).toBeInTheDocument();

    await user.click(within(panel).getByRole('button', { name: 'Reset link' }));
    const dialog = screen.getByRole('dialog', { name: 'Reset the calendar link?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep link' }));
    expect(onRotate).not.toHaveBeenCalled();

    await user.click(within(panel).getByRole('button', { name: 'Reset link' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Reset the calendar link?' })).getByRole('button', {
        name: 'Reset link',
      }),
    );
    expect(onRotate).toHaveBeenCalledTimes(1);
    expect(await screen.findByRole('status')).toHaveTextContent(
      'New link ready. The old link no longer works.',
    );
    rerender({ url: 'https://house.example.org/api/calendar/feed/new.ics' });
    expect(screen.getByRole('textbox', { name: 'Calendar link' })).toHaveValue(
      'https://house.example.org/api/calendar/feed/new.ics',
    );
  });

  it('says so when the reset fails', async () => {
    renderSubscribe({ onRotate: () => Promise.reject(new Error('offline')) });
    const { user, panel } = await open();
    await user.click(within(panel).getByRole('button', { name: 'Reset link' }));
    await user.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Reset link' }),
    );
    expect(await screen.findByRole('status')).toHaveTextContent(
      'The link could not be reset. Please try again.',
    );
  });
});

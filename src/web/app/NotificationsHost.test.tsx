import { MantineProvider } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import NotificationsHost from './NotificationsHost.js';

describe('NotificationsHost', () => {
  it('shows notifications at the bottom, never over the top navigation', async () => {
    render(
      <MantineProvider>
        <NotificationsHost />
      </MantineProvider>,
    );
    act(() => {
      notifications.show({ message: 'Saved.' });
    });
    const message = await screen.findByText('Saved.');
    const root = message.closest('[data-position]');
    expect(root?.getAttribute('data-position')).toBe('bottom-right');
    act(() => notifications.clean());
  });
});

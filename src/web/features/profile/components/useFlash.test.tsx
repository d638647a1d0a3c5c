import { MantineProvider } from '@mantine/core';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { FLASH_MS, FlashMessage, useFlash } from './useFlash.js';

function Probe() {
  const { flash, show } = useFlash();
  return (
    <>
      <button type="button" onClick={() => show('success', 'Saved.')}>
        ok
      </button>
      <button type="button" onClick={() => show('error', 'Failed.')}>
        fail
      </button>
      <FlashMessage flash={flash} />
    </>
  );
}

describe('useFlash', () => {
  it('clears a message after 3 to 5 seconds, and a new one restarts the clock', () => {
    expect(FLASH_MS).toBeGreaterThanOrEqual(3000);
    expect(FLASH_MS).toBeLessThanOrEqual(5000);
    vi.useFakeTimers();
    render(
      <MantineProvider env="test">
        <Probe />
      </MantineProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'ok' }));
    expect(screen.getByRole('status')).toHaveTextContent('Saved.');
    act(() => vi.advanceTimersByTime(FLASH_MS - 1000));
    fireEvent.click(screen.getByRole('button', { name: 'fail' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Failed.');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(FLASH_MS - 1));
    expect(screen.getByRole('alert')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

import { MantineProvider } from '@mantine/core';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, onTestFinished } from 'vitest';
import { useIsPhone } from './useIsPhone.js';

/** happy-dom's own viewport: its `matchMedia` answers by it, as a browser would. */
function setViewport(width: number, height = 800) {
  const { happyDOM } = window as unknown as {
    happyDOM: { setViewport(v: { width: number; height: number }): void };
  };
  const before = { width: window.innerWidth, height: window.innerHeight };
  happyDOM.setViewport({ width, height });
  onTestFinished(() => happyDOM.setViewport(before));
  return (w: number) => happyDOM.setViewport({ width: w, height });
}

function Probe() {
  return <p>{useIsPhone() ? 'phone' : 'wider'}</p>;
}

const renderProbe = () =>
  render(
    <MantineProvider env="test">
      <Probe />
    </MantineProvider>,
  );

describe('useIsPhone', () => {
  it('is false at the test window width (1024 px)', () => {
    renderProbe();
    expect(screen.getByText('wider')).toBeInTheDocument();
  });

  it('is true below the sm breakpoint (768 px) from the first render', () => {
    setViewport(390);
    renderProbe();
    expect(screen.getByText('phone')).toBeInTheDocument();
  });

  it('follows the window across the breakpoint', () => {
    const resize = setViewport(768);
    renderProbe();
    expect(screen.getByText('wider')).toBeInTheDocument();
    act(() => resize(767));
    expect(screen.getByText('phone')).toBeInTheDocument();
    act(() => resize(1024));
    expect(screen.getByText('wider')).toBeInTheDocument();
  });
});

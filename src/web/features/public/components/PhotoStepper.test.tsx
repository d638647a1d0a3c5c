import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, onTestFinished } from 'vitest';
import type { ContentImage } from '../site-content/types.js';
import { PhotoStepper } from './PhotoStepper.js';

/** happy-dom's viewport: `matchMedia` (and so `useIsPhone`) answers by it, as a browser would. */
function atPhoneWidth() {
  const { happyDOM } = window as unknown as {
    happyDOM: { setViewport(v: { width: number; height: number }): void };
  };
  const before = { width: window.innerWidth, height: window.innerHeight };
  happyDOM.setViewport({ width: 360, height: 780 });
  onTestFinished(() => happyDOM.setViewport(before));
}

const images: ContentImage[] = [
  { src: 'a.jpg', alt: 'The main hall', caption: 'Main hall', width: 800, height: 600 },
  { src: 'b.jpg', alt: 'The upper floor', caption: 'Upper floor', width: 800, height: 600 },
  { src: 'c.jpg', alt: 'The chapel', width: 800, height: 600 },
];

function Harness({ noun }: { noun?: string }) {
  const [index, setIndex] = useState(0);
  return (
    <PhotoStepper
      images={images}
      urlOf={(src) => `/images/${src}`}
      index={index}
      onIndexChange={setIndex}
      label="Floor plans"
      noun={noun}
    />
  );
}

const renderStepper = (noun?: string) =>
  render(
    <MantineProvider env="test">
      <Harness noun={noun} />
    </MantineProvider>,
  );

describe('PhotoStepper', () => {
  it('shows worded buttons named Previous photo and Next photo on a wider screen', () => {
    renderStepper();
    expect(screen.getByRole('button', { name: 'Previous photo' })).toHaveTextContent('← Previous');
    expect(screen.getByRole('button', { name: 'Next photo' })).toHaveTextContent('Next →');
  });

  it('shows only the arrows on a phone, with the same names, and still steps', async () => {
    atPhoneWidth();
    renderStepper();
    const previous = screen.getByRole('button', { name: 'Previous photo' });
    const next = screen.getByRole('button', { name: 'Next photo' });
    expect(previous).toHaveTextContent(/^←$/);
    expect(next).toHaveTextContent(/^→$/);
    expect(screen.getByText('Photo 1 of 3')).toBeInTheDocument();
    await userEvent.click(next);
    expect(screen.getByRole('img', { name: 'The upper floor' })).toBeInTheDocument();
    expect(screen.getByText('Photo 2 of 3')).toBeInTheDocument();
    await userEvent.click(previous);
    await userEvent.click(previous);
    expect(screen.getByRole('img', { name: 'The chapel' })).toBeInTheDocument();
    expect(screen.getByText('Photo 3 of 3')).toBeInTheDocument();
  });

  it('names the buttons by its noun', () => {
    atPhoneWidth();
    renderStepper('picture');
    expect(screen.getByRole('button', { name: 'Previous picture' })).toHaveTextContent(/^←$/);
    expect(screen.getByRole('button', { name: 'Next picture' })).toHaveTextContent(/^→$/);
  });
});

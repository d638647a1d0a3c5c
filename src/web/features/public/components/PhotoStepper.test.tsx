import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { ContentImage } from '../site-content/types.js';
import { PhotoStepper } from './PhotoStepper.js';
import { atPhoneWidth } from '@/test/utils.js';

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
    atPhoneWidth({ width: 360, height: 780 });
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
    atPhoneWidth({ width: 360, height: 780 });
    renderStepper('picture');
    expect(screen.getByRole('button', { name: 'Previous picture' })).toHaveTextContent(/^←$/);
    expect(screen.getByRole('button', { name: 'Next picture' })).toHaveTextContent(/^→$/);
  });
});

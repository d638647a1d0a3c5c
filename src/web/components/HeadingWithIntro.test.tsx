import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HeadingWithIntro } from './HeadingWithIntro.js';

describe('HeadingWithIntro', () => {
  it('is an h2 followed by its introduction', () => {
    render(
      <MantineProvider env="test">
        <HeadingWithIntro title="Floor Plans">Three levels, one plan each.</HeadingWithIntro>
      </MantineProvider>,
    );
    const heading = screen.getByRole('heading', { level: 2, name: 'Floor Plans' });
    const intro = screen.getByText('Three levels, one plan each.');
    expect(intro.tagName).toBe('P');
    expect(heading.nextElementSibling).toBe(intro);
  });
});

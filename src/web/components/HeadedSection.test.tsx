import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HeadedSection } from './HeadedSection.js';

describe('HeadedSection', () => {
  it('is a region named by its h2, the heading carrying the given id', () => {
    render(
      <MantineProvider env="test">
        <HeadedSection id="home-map" title="Find us">
          <p>The map</p>
        </HeadedSection>
      </MantineProvider>,
    );
    const region = screen.getByRole('region', { name: 'Find us' });
    expect(region.tagName).toBe('SECTION');
    const heading = screen.getByRole('heading', { level: 2, name: 'Find us' });
    expect(heading).toHaveAttribute('id', 'home-map');
    expect(region).toContainElement(heading);
    expect(region).toHaveTextContent('The map');
  });
});

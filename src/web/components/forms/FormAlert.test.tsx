import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { FormAlert } from './FormAlert.js';

const renderAlert = (ui: ReactNode) => render(<MantineProvider env="test">{ui}</MantineProvider>);

describe('FormAlert', () => {
  it('is a failure announced at once by default, a status for news', () => {
    renderAlert(
      <>
        <FormAlert>Could not save.</FormAlert>
        <FormAlert tone="success">Saved.</FormAlert>
        <FormAlert tone="info">Please log in.</FormAlert>
      </>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Could not save.');
    expect(screen.getAllByRole('status').map((s) => s.textContent)).toEqual([
      'Saved.',
      'Please log in.',
    ]);
  });

  it('draws nothing without a text', () => {
    renderAlert(
      <>
        <FormAlert>{null}</FormAlert>
        <FormAlert tone="success">{''}</FormAlert>
      </>,
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});

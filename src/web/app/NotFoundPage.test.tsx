import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages.js';
import { mockApi, renderApp } from '../test/utils.js';

describe('404 page', () => {
  it('shows the title, the text and a link to the homepage for an unknown path', async () => {
    mockApi();
    renderApp('/no/such/page');
    expect(
      await screen.findByRole('heading', { level: 1, name: messages.notFoundTitle }),
    ).toBeInTheDocument();
    expect(screen.getByText(messages.notFoundText)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /homepage/i })).toHaveAttribute('href', '/');
  });
});

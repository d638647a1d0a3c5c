import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { messages } from '../../../../shared/messages.js';
import { MAX_ADMIN_NOTES } from '../../../../shared/schemas/reservations.js';
import { ApiError } from '@/lib/api/client.js';
import { RejectModal, type RejectModalProps } from './RejectModal.js';
import { reservation } from '../../../test/reservations-test-server.js';

const pending = reservation(4, 'Spring Retreat', 'pending', '2031-05-01', '2031-05-03');

function renderModal(props: Partial<RejectModalProps> = {}) {
  const onReject = vi.fn();
  render(
    <MantineProvider env="test">
      <RejectModal
        reservation={pending}
        busy={false}
        error={null}
        onReject={onReject}
        onClose={() => {}}
        {...props}
      />
    </MantineProvider>,
  );
  return onReject;
}

const reason = () => screen.getByRole('textbox', { name: 'Reason (optional)' });
const reject = () => userEvent.click(screen.getByRole('button', { name: 'Reject reservation' }));

describe('RejectModal', () => {
  it('sends the reason trimmed as the admin notes, and none when it is blank', async () => {
    const onReject = renderModal();
    await userEvent.type(reason(), '  The house is closed then.  ');
    await reject();
    expect(onReject).toHaveBeenLastCalledWith({ adminNotes: 'The house is closed then.' });

    await userEvent.clear(reason());
    await userEvent.type(reason(), '   ');
    await reject();
    expect(onReject).toHaveBeenLastCalledWith({});
  });

  it('refuses a reason longer than the notes take, on the field, and rejects nothing', async () => {
    const onReject = renderModal();
    // Text put in by other means than typing (the field stops typing at the limit).
    fireEvent.change(reason(), { target: { value: 'x'.repeat(MAX_ADMIN_NOTES + 1) } });
    await reject();
    expect(reason()).toHaveAttribute('aria-invalid', 'true');
    expect(reason()).toHaveAccessibleDescription(
      expect.stringContaining(`At most ${MAX_ADMIN_NOTES} characters, please.`),
    );
    expect(onReject).not.toHaveBeenCalled();
  });

  it('shows the failure of the last attempt above the fields', () => {
    renderModal({ error: new ApiError(0, 'Failed to fetch') });
    expect(screen.getByRole('alert')).toHaveTextContent(messages.adminActionFailed);
    expect(reason()).not.toHaveAttribute('aria-invalid', 'true');
  });

  it("puts the server's refusal of a field on that field, not above them", async () => {
    const refused = new ApiError(400, 'Invalid request.', {
      fromServer: true,
      code: 'validation_failed',
      issues: [{ path: 'body.adminNotes', message: 'At most 2000 characters, please.' }],
    });
    renderModal({ error: refused });
    await waitFor(() => expect(reason()).toHaveAttribute('aria-invalid', 'true'));
    expect(reason()).toHaveAccessibleDescription(
      expect.stringContaining('At most 2000 characters, please.'),
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { messages } from '../../../../shared/messages.js';
import { callsTo, findDialog, typeText } from '@/test/utils.js';
import { ben, renderPage, reservation, sample } from '../../../test/reservations-test-server.js';

const REASON_REQUIRED = 'Give a reason for refunding less than the whole amount.';

async function openDialog(action: 'Reject' | 'Cancel', eventName: string) {
  await userEvent.click(screen.getByRole('button', { name: `${action} ${eventName}` }));
  const name = action === 'Reject' ? 'Reject reservation' : 'Cancel reservation';
  const dialog = await findDialog(name);
  return {
    dialog,
    refund: () => within(dialog).getByLabelText(/^Refund \(USD\)/),
    reason: () => within(dialog).getByLabelText(/^Refund reason/),
    submit: () => userEvent.click(within(dialog).getByRole('button', { name })),
  };
}

async function typeRefund(field: HTMLElement, amount: string) {
  await userEvent.clear(field);
  if (amount) await userEvent.type(field, amount);
  // The field shows it with the currency's prefix and two decimals.
  await waitFor(() => expect(field).toHaveValue(amount ? `$${Number(amount).toFixed(2)}` : ''));
}

describe('admin reservations: refunds when rejecting or cancelling', () => {
  it('rejects a paid reservation with a partial refund, and refuses it without a reason', async () => {
    const { fetchMock } = await renderPage();
    const { dialog, refund, reason, submit } = await openDialog('Reject', 'Summer camp');
    expect(dialog).toHaveTextContent('Paid: $450.00.');
    expect(refund()).toHaveValue('$450.00');

    await typeRefund(refund(), '100');
    expect(reason()).toBeRequired();
    await submit();
    expect(within(dialog).getByText(REASON_REQUIRED)).toBeInTheDocument();
    expect(reason()).toHaveAttribute('aria-invalid', 'true');
    expect(reason()).toHaveFocus();
    expect(callsTo(fetchMock, 'PATCH /api/reservations/1/status')).toHaveLength(0);

    await typeText(reason(), ' Kitchen closed ');
    // The error goes as soon as the field is valid.
    expect(within(dialog).queryByText(REASON_REQUIRED)).not.toBeInTheDocument();
    await submit();
    expect(
      await screen.findByText('Rejected "Summer camp". Refunded $100.00.'),
    ).toBeInTheDocument();
    expect(callsTo(fetchMock, 'PATCH /api/reservations/1/status')[0]?.body).toEqual({
      status: 'rejected',
      refundCents: 10000,
      refundReason: 'Kitchen closed',
    });
  });

  it('refuses a refund above what is left, or none at all, and takes 0 with a reason', async () => {
    const { fetchMock } = await renderPage();
    const { dialog, refund, reason, submit } = await openDialog('Reject', 'Summer camp');
    const amountError = 'Enter a refund from $0.00 to $450.00.';

    await typeRefund(refund(), '450.01');
    await submit();
    expect(within(dialog).getByText(amountError)).toBeInTheDocument();
    expect(refund()).toHaveAttribute('aria-invalid', 'true');
    expect(refund()).toHaveFocus();

    await typeRefund(refund(), '');
    await submit();
    expect(within(dialog).getByText(amountError)).toBeInTheDocument();
    expect(callsTo(fetchMock, 'PATCH /api/reservations/1/status')).toHaveLength(0);

    await typeRefund(refund(), '0');
    await typeText(reason(), 'Booked against the rules');
    await submit();
    expect(await screen.findByText('Rejected "Summer camp".')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'PATCH /api/reservations/1/status')[0]?.body).toEqual({
      status: 'rejected',
      refundCents: 0,
      refundReason: 'Booked against the rules',
    });
  });

  it('cancels a paid reservation, refunding all of it by default', async () => {
    const { fetchMock } = await renderPage();
    const { dialog, reason, submit } = await openDialog('Cancel', 'Summer camp');
    expect(within(dialog).getByText(messages.confirmCancelReservation)).toBeInTheDocument();
    expect(dialog).toHaveTextContent('Summer camp (2028-07-01 to 2028-07-03)');
    expect(reason()).not.toBeRequired();
    await submit();
    expect(
      await screen.findByText('Cancelled "Summer camp". Refunded $450.00.'),
    ).toBeInTheDocument();
    expect(callsTo(fetchMock, 'PATCH /api/reservations/1/status')[0]?.body).toEqual({
      status: 'cancelled',
      refundCents: 45000,
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('offers what is left after an earlier refund', async () => {
    const { fetchMock } = await renderPage([
      reservation(6, 'Autumn days', 'approved', '2028-09-01', '2028-09-02', ben, {
        paymentStatus: 'paid',
        paidCents: 30000,
        refundedCents: 10000,
      }),
    ]);
    const { dialog, refund, submit } = await openDialog('Cancel', 'Autumn days');
    expect(dialog).toHaveTextContent('Paid: $300.00, of which $100.00 already refunded.');
    expect(refund()).toHaveValue('$200.00');
    await submit();
    await screen.findByText('Cancelled "Autumn days". Refunded $200.00.');
    expect(callsTo(fetchMock, 'PATCH /api/reservations/6/status')[0]?.body).toEqual({
      status: 'cancelled',
      refundCents: 20000,
    });
  });

  it("keeps the dialog open with the server's refusal on the refund and what was typed", async () => {
    await renderPage(sample(), {
      'PATCH /api/reservations/1/status': {
        status: 400,
        body: { message: 'The refund is larger than what is left.', code: 'refund_too_large' },
      },
    });
    const { dialog, refund, reason, submit } = await openDialog('Cancel', 'Summer camp');
    await typeRefund(refund(), '200');
    await typeText(reason(), 'Half the stay');
    await submit();
    await waitFor(() => expect(refund()).toHaveAttribute('aria-invalid', 'true'));
    expect(refund()).toHaveAccessibleDescription(
      expect.stringContaining('The refund is larger than what is left.'),
    );
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    expect(reason()).toHaveValue('Half the stay');
    expect(refund()).toHaveValue('$200.00');
  });

  it("shows a failure of no field above the fields, in the server's words", async () => {
    await renderPage(sample(), {
      'PATCH /api/reservations/1/status': {
        status: 502,
        body: {
          message: 'The payment provider did not accept the refund.',
          code: 'payment_provider_failed',
        },
      },
    });
    const { dialog, refund, submit } = await openDialog('Reject', 'Summer camp');
    await submit();
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The payment provider did not accept the refund.',
    );
    expect(refund()).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('asks nothing about refunds when nothing is left to refund', async () => {
    await renderPage([
      ...sample(),
      reservation(6, 'Autumn days', 'approved', '2028-09-01', '2028-09-02', ben, {
        paymentStatus: 'paid',
        paidCents: 30000,
        refundedCents: 30000,
      }),
    ]);
    for (const eventName of ['Spring retreat', 'Autumn days']) {
      for (const action of ['Reject', 'Cancel'] as const) {
        const { dialog } = await openDialog(action, eventName);
        expect(within(dialog).queryByLabelText(/^Refund/)).not.toBeInTheDocument();
        expect(dialog).not.toHaveTextContent('Paid:');
        await userEvent.click(
          within(dialog).getByRole('button', {
            name: action === 'Reject' ? 'Back' : 'Keep reservation',
          }),
        );
      }
    }
  });
});

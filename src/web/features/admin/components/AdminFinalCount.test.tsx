/**
 * Admin reservations: "Set final count" of an approved stay — the dialog with
 * the guests expected, the count checked as the API checks it, the server's
 * refusal on the field or above it, and the list refreshed after a change.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { callsTo, findDialog, typeText, type FakeHandler } from '@/test/utils.js';
import { questionnaireOf, SAVED_ANSWERS } from '@/test/questionnaire.js';
import {
  cellsOf,
  renderPage,
  reservation,
  sample,
} from '../../../test/reservations-test-server.js';
import type { Reservation } from '../api/reservations.js';

vi.mock('@/components/useIsPhone.js', () => ({ useIsPhone: vi.fn(() => false) }));

const choir = () =>
  reservation(11, 'Choir retreat', 'approved', '2028-06-05', '2028-06-07', undefined, {
    guests: 40,
    priceCents: 470000,
    balanceDueDate: '2028-05-22',
  });

/** The server's PUT: the final count kept and the stay priced again ($117.50 a guest). */
const keepsCount =
  (r: Reservation): FakeHandler =>
  (req) => {
    const { finalGuests } = req.body as { finalGuests: number };
    Object.assign(r, { finalGuests, priceCents: finalGuests * 11750 });
    return { body: { finalGuests, finalCountDueDate: '2028-05-26' } };
  };

/** The questionnaire as saved: a new final count sends its other answers back (a PUT replaces them all). */
const saved = {
  'GET /api/reservations/11/questionnaire': {
    body: questionnaireOf({ ...SAVED_ANSWERS, finalCountDueDate: '2028-05-26' }),
  },
};

async function openFinalCount(eventName: string) {
  await userEvent.click(screen.getByRole('button', { name: `Set final count for ${eventName}` }));
  const dialog = await findDialog('Set final count');
  const field = within(dialog).getByLabelText(/^Final number of guests/);
  return {
    dialog,
    field,
    submit: () => userEvent.click(within(dialog).getByRole('button', { name: 'Set final count' })),
  };
}

describe('admin reservations: set final count', () => {
  it('sets the count of an approved stay, then shows it and the new price in the list', async () => {
    const stay = choir();
    const { fetchMock } = await renderPage([...sample(), stay], {
      ...saved,
      'PUT /api/reservations/11/questionnaire': keepsCount(stay),
    });
    expect(
      screen.queryByRole('button', { name: /^Set final count for Spring retreat/ }),
    ).not.toBeInTheDocument();
    const { dialog, field, submit } = await openFinalCount('Choir retreat');
    expect(within(dialog).getByText('Choir retreat (2028-06-05 to 2028-06-07)')).toBeVisible();
    expect(
      within(dialog).getByText('Guests expected: 40. Final count: not given yet.'),
    ).toBeVisible();
    expect(field).toHaveValue('40');
    expect(field).toHaveAccessibleDescription(/^The stay is priced again from this count/);

    await userEvent.clear(field);
    await typeText(field, '38');
    await submit();
    expect(
      await screen.findByText('Set the final count of "Choir retreat" to 38 guests.'),
    ).toBeInTheDocument();
    expect(callsTo(fetchMock, 'PUT /api/reservations/11/questionnaire')[0]!.body).toEqual({
      ...SAVED_ANSWERS,
      unplaced: [],
      finalGuests: 38,
    });
    // The house's own count applies at once: it does not send the group's questionnaire.
    expect(callsTo(fetchMock, 'POST /api/reservations/11/questionnaire/submit')).toHaveLength(0);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const [event, , , status] = cellsOf('Choir retreat');
    await waitFor(() => expect(event).toHaveTextContent('Final count: 38'));
    expect(status).toHaveTextContent('$4,465.00');
  });

  it('checks the count as the API does before sending it', async () => {
    const { fetchMock } = await renderPage([choir()], saved);
    const { dialog, field, submit } = await openFinalCount('Choir retreat');
    await userEvent.clear(field);
    await submit();
    expect(
      await within(dialog).findByText('Give the final number of guests as a whole number.'),
    ).toBeVisible();
    await typeText(field, '0');
    await submit();
    expect(await within(dialog).findByText('At least 1 guest.')).toBeVisible();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo(fetchMock, 'PUT /api/reservations/11/questionnaire')).toHaveLength(0);
  });

  it("keeps the dialog open with the server's refusal on the field, or above it", async () => {
    let reply = {
      status: 400,
      body: {
        code: 'validation_failed',
        message: 'Invalid request.',
        issues: [{ path: 'body.finalGuests', message: 'The house takes at most 40 guests.' }],
      },
    };
    await renderPage([choir()], {
      ...saved,
      'PUT /api/reservations/11/questionnaire': () => reply,
    });
    const { dialog, field, submit } = await openFinalCount('Choir retreat');
    await userEvent.clear(field);
    await typeText(field, '45');
    await submit();
    await waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'));
    expect(field).toHaveAccessibleDescription(
      expect.stringContaining('The house takes at most 40 guests.'),
    );
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    expect(field).toHaveValue('45');

    reply = {
      status: 409,
      body: {
        code: 'not_approved',
        message: 'The questionnaire opens once the stay is approved.',
        issues: [],
      },
    };
    await submit();
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The questionnaire opens once the stay is approved.',
    );
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Reservation } from '../../../../shared/schemas/index.js';
import { expectFieldError, fieldRefusal } from '@/components/forms/forms.testing.js';
import { atPhoneWidth, callsTo, typeText, type FakeReply, type FakeRoutes } from '@/test/utils.js';
import { cardFields } from '@/test/screen-texts.js';
import { questionnaireOf, SAVED_ANSWERS } from '@/test/questionnaire.js';
import { GROUP_RULES, groupStay } from '../group-stays.testing.js';
import { NOW, openPage, reservationServer } from '../reservations.testing.js';

beforeEach(() => {
  vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
});

/** My Reservations with one group stay, its questionnaire and a PUT answered by `put`. */
async function openWith(
  stay: Reservation,
  {
    due = '2027-06-05',
    put,
    submit,
    extra = {},
  }: {
    due?: string;
    put?: (list: Reservation[]) => FakeReply;
    submit?: (list: Reservation[]) => FakeReply;
    extra?: FakeRoutes;
  } = {},
) {
  const server = reservationServer({
    rules: GROUP_RULES,
    mine: [stay],
    extra: {
      [`GET /api/reservations/${stay.id}/questionnaire`]: () => ({
        body: questionnaireOf({
          ...SAVED_ANSWERS,
          finalGuests: server.list[0]!.finalGuests,
          finalCountDueDate: due,
        }),
      }),
      [`PUT /api/reservations/${stay.id}/questionnaire`]: () =>
        put ? put(server.list) : { status: 500 },
      // Sent, the count prices the stay (a saved draft alone binds nothing).
      [`POST /api/reservations/${stay.id}/questionnaire/submit`]: () =>
        submit ? submit(server.list) : { status: 500 },
      ...extra,
    },
  });
  const view = await openPage();
  await userEvent.click(await screen.findByRole('button', { name: 'Show Details' }));
  const details = within(document.getElementById(`reservation-details-${stay.id}`)!);
  const value = (term: string) => details.getByText(term).nextElementSibling?.textContent;
  return { ...server, ...view, details, value };
}

describe('My Reservations: a group stay', () => {
  it('shows the guests and the meals in the list, and the deposit and the balance due in the details', async () => {
    const { value } = await openWith(groupStay());
    const dates = within(screen.getByRole('row', { name: /Youth retreat/ })).getAllByRole(
      'cell',
    )[1];
    expect(dates).toHaveTextContent(
      '2027-06-15 to 2027-06-17Price: $4,700.00Guests: 20 expectedMeals: Three meals a day',
    );
    expect(value('Guests')).toBe('20 expected');
    expect(value('Meals')).toBe('Three meals a day');
    expect(value('Price')).toBe('$4,700.00');
    expect(value('Deposit')).toBe('$1,175.00');
    expect(value('Balance due')).toBe('Tuesday, June 1, 2027');
    // Its stay page: the checklist, the questionnaire, the attendees.
    expect(screen.getByRole('link', { name: 'Open stay page for Youth retreat' })).toHaveAttribute(
      'href',
      '/account/reservations/7',
    );
  });

  it('shows the final count beside the guests expected, on a phone too', async () => {
    atPhoneWidth();
    reservationServer({
      rules: GROUP_RULES,
      mine: [groupStay({ status: 'pending', finalGuests: 22, mealPlan: null })],
    });
    await openPage();
    const list = await screen.findByRole('list', { name: 'Your Reservations' });
    expect(cardFields(within(list).getByRole('listitem'))).toEqual({
      'Event Name': 'Youth retreat',
      Dates: '2027-06-15 to 2027-06-17Price: $4,700.00',
      Guests: '22 (final count; 20 expected)',
      Meals: 'No meals',
      Status: 'pendingUnpaid$4,700.00 due',
    });
  });

  it('takes the final count by its due day and shows the new price', async () => {
    const { fetchMock, details, value, queryClient } = await openWith(groupStay(), {
      put: () => ({ body: questionnaireOf({ finalGuests: 24, unsent: true }) }),
      submit: (list) => {
        Object.assign(list[0]!, { finalGuests: 24, priceCents: 564000 });
        return { body: questionnaireOf({ finalGuests: 24, sentFinalGuests: 24 }) };
      },
    });
    queryClient.setQueryData(['documents', 'list'], []);
    const field = await details.findByRole('textbox', { name: 'Final number of guests' });
    expect(field).toHaveAccessibleDescription('Give it by Saturday, June 5, 2027.');
    await typeText(field, '24');
    await userEvent.click(details.getByRole('button', { name: 'Save final count' }));
    expect(
      await details.findByText('Final count saved: 24 guests. The price is now $5,640.00.'),
    ).toBeInTheDocument();
    expect(value('Price')).toBe('$5,640.00');
    expect(value('Guests')).toBe('24 (final count; 20 expected)');
    // The other answers go back as they were saved: a PUT replaces them all.
    expect(callsTo(fetchMock, 'PUT /api/reservations/7/questionnaire').map((c) => c.body)).toEqual([
      { ...SAVED_ANSWERS, unplaced: [], finalGuests: 24 },
    ]);
    expect(callsTo(fetchMock, 'POST /api/reservations/7/questionnaire/submit')).toHaveLength(1);
    // The invoice is a new document.
    expect(queryClient.getQueryState(['documents', 'list'])?.isInvalidated).toBe(true);
  });

  it('shows a refusal of the final count on its field', async () => {
    let refusal: FakeReply = fieldRefusal('finalGuests', 'The house takes at most 30 guests.');
    const { fetchMock, details } = await openWith(groupStay(), { put: () => refusal });
    const field = await details.findByRole('textbox', { name: 'Final number of guests' });
    const save = () => userEvent.click(details.getByRole('button', { name: 'Save final count' }));

    await typeText(field, '41');
    await save();
    expectFieldError(field, 'The house takes at most 40 guests.');
    expect(callsTo(fetchMock, 'PUT /api/reservations/7/questionnaire')).toHaveLength(0);

    await userEvent.type(field, '{Backspace}{Backspace}35');
    await save();
    await waitFor(() => expectFieldError(field, 'The house takes at most 30 guests.'));

    const closed = 'The final count was due on Saturday, June 5, 2027; ask the house to change it.';
    refusal = { status: 409, body: { code: 'final_count_closed', message: closed } };
    await save();
    await waitFor(() => expectFieldError(field, closed));
    expect(details.queryByText(/Final count saved/)).not.toBeInTheDocument();
  });

  it('says after the due day that the house must change it', async () => {
    const { details } = await openWith(groupStay({ finalGuests: 18 }), { due: '2027-03-04' });
    expect(
      await details.findByText(
        'The final count was due by Thursday, March 4, 2027. To change the number of guests now, ask the house.',
      ),
    ).toBeInTheDocument();
    expect(details.queryByRole('textbox', { name: 'Final number of guests' })).toBeNull();
  });

  it('asks no final count before the stay is approved', async () => {
    const { fetchMock, value } = await openWith(groupStay({ status: 'pending' }));
    expect(value('Deposit')).toBe('$1,175.00');
    expect(screen.queryByRole('textbox', { name: 'Final number of guests' })).toBeNull();
    expect(callsTo(fetchMock, 'GET /api/reservations/7/questionnaire')).toHaveLength(0);
  });

  it('says in the cancel dialog that the deposit stays with the house', async () => {
    const { details } = await openWith(groupStay({ paymentStatus: 'paid', paidCents: 470000 }), {
      extra: {
        'GET /api/reservations/7/cancellation-quote': {
          body: {
            refundCents: 176250,
            paidCents: 470000,
            depositKeptCents: 117500,
            currency: 'USD',
            policy: { daysBeforeStart: 14, refundPercent: 50 },
            daysBeforeStart: 20,
            description:
              'Refund on cancellation: 50% when cancelled 14 or more days before arrival.',
          },
        },
      },
    });
    await userEvent.click(details.getByRole('button', { name: 'Cancel This Reservation' }));
    expect(
      await within(screen.getByRole('dialog', { name: 'Cancel Reservation' })).findByText(
        'You paid $4,700.00. The deposit of $1,175.00 is not refundable; 50% of the rest comes back: $1,762.50.',
      ),
    ).toBeInTheDocument();
  });
});

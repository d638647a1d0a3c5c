import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { DayKey } from '../../../../shared/dates.js';
import { messages } from '../../../../shared/messages.js';
import { AppProviders } from '@/app/AppProviders.js';
import type { DaySelection } from '@/components/month-calendar/index.js';
import { callsTo, createTestQueryClient, mockApi, type FakeRoutes } from '@/test/utils.js';
import { reservation } from '../reservations.testing.js';
import { NewReservationForm } from './NewReservationForm.js';
import { expectFieldError, fieldRefusal } from '@/components/forms/forms.testing.js';

const threeDays: DaySelection = { start: '2031-05-01', end: '2031-05-03' };
const created = reservation({
  startTime: '2031-05-01T00:00:00.000Z',
  endTime: '2031-05-03T23:59:59.999Z',
  eventName: 'Spring Retreat',
});

function renderForm(
  selection: DaySelection | null = threeDays,
  routes: FakeRoutes = {},
  held: (key: DayKey) => boolean = () => false,
) {
  const fetchMock = mockApi({
    'POST /api/reservations': { status: 201, body: created },
    ...routes,
  });
  const onSubmitted = vi.fn();
  render(
    <AppProviders queryClient={createTestQueryClient()} env="test">
      <NewReservationForm
        selection={selection}
        held={held}
        onClear={() => {}}
        onSubmitted={onSubmitted}
      />
    </AppProviders>,
  );
  return { fetchMock, onSubmitted };
}

const eventName = () => screen.getByRole('textbox', { name: 'Event Name' });
const description = () => screen.getByRole('textbox', { name: 'Event Description' });
const additionalInfo = () => screen.getByRole('textbox', { name: 'Additional Info' });
const submit = () =>
  userEvent.click(screen.getByRole('button', { name: 'Submit Reservation Request' }));

describe('NewReservationForm: checked before sending', () => {
  it('asks for the event name and description on their fields, and sends nothing', async () => {
    const { fetchMock } = renderForm();
    await userEvent.type(description(), '   ');
    await submit();
    expectFieldError(eventName(), messages.enterEventName);
    expectFieldError(description(), messages.enterEventDescription);
    expect(additionalInfo()).not.toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/reservations')).toHaveLength(0);

    // A field's message goes when it is edited; the other's stays.
    await userEvent.type(eventName(), 'Spring Retreat');
    expect(eventName()).not.toHaveAttribute('aria-invalid', 'true');
    expectFieldError(description(), messages.enterEventDescription);
  });

  it('says above the fields what is wrong with the days', async () => {
    const { fetchMock } = renderForm(null);
    await userEvent.type(eventName(), 'Spring Retreat');
    await userEvent.type(description(), 'Three days');
    await submit();
    expect(screen.getByRole('alert')).toHaveTextContent(messages.selectAtLeastOneDate);
    expect(eventName()).not.toHaveAttribute('aria-invalid', 'true');
    expect(callsTo(fetchMock, 'POST /api/reservations')).toHaveLength(0);
  });

  it('refuses days with a held one among them', async () => {
    const { fetchMock } = renderForm(threeDays, {}, (key) => key === '2031-05-02');
    await userEvent.type(eventName(), 'Spring Retreat');
    await userEvent.type(description(), 'Three days');
    await submit();
    expect(screen.getByRole('alert')).toHaveTextContent(messages.contiguousBlock);
    expect(callsTo(fetchMock, 'POST /api/reservations')).toHaveLength(0);
  });
});

describe('NewReservationForm: the server', () => {
  it("shows a 400's field error on its field, with the failure above the fields", async () => {
    const tooLong = 'At most 200 characters, please.';
    renderForm(threeDays, {
      'POST /api/reservations': fieldRefusal('eventName', tooLong),
    });
    await userEvent.type(eventName(), 'Spring Retreat');
    await userEvent.type(description(), 'Three days');
    await submit();
    await waitFor(() => expectFieldError(eventName(), tooLong));
    expect(screen.getByRole('alert')).toHaveTextContent(messages.reservationSubmitFailed);
    expect(description()).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('sends the days and the trimmed texts from the keyboard alone', async () => {
    const { fetchMock, onSubmitted } = renderForm();
    const user = userEvent.setup();
    await user.click(eventName());
    await user.keyboard('  Spring Retreat ');
    await user.tab();
    await user.keyboard('Three days');
    await user.tab();
    await user.keyboard('   ');
    await user.tab();
    expect(screen.getByRole('button', { name: 'Submit Reservation Request' })).toHaveFocus();
    await user.keyboard('{Enter}');

    await waitFor(() => expect(onSubmitted).toHaveBeenCalledWith(created));
    expect(callsTo(fetchMock, 'POST /api/reservations').map((c) => c.body)).toEqual([
      {
        startTime: '2031-05-01T00:00:00.000Z',
        endTime: '2031-05-03T23:59:59.999Z',
        eventName: 'Spring Retreat',
        eventDescription: 'Three days',
        additionalInfo: null,
      },
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { messages } from '../../../shared/messages.js';
import type { CalendarEntry, Reservation } from '../../../shared/schemas/reservations.js';
import { checkNewReservation, monthsOf, nextSelection, occupancy } from './selection.js';

const fields = { eventName: 'Retreat', eventDescription: 'Quiet days', additionalInfo: '' };
const none = () => false;

describe('nextSelection', () => {
  it('first click starts, second click makes the inclusive range (either order)', () => {
    const one = nextSelection(null, '2027-03-10');
    expect(one).toEqual({ start: '2027-03-10' });
    expect(nextSelection(one, '2027-03-12')).toEqual({ start: '2027-03-10', end: '2027-03-12' });
    expect(nextSelection(one, '2027-03-08')).toEqual({ start: '2027-03-08', end: '2027-03-10' });
  });

  it('clicking the first date again clears it', () => {
    expect(nextSelection({ start: '2027-03-10' }, '2027-03-10')).toBeNull();
  });

  it('clicking while a range is selected starts a new selection', () => {
    expect(nextSelection({ start: '2027-03-10', end: '2027-03-12' }, '2027-03-11')).toEqual({
      start: '2027-03-11',
    });
    expect(nextSelection({ start: '2027-03-10', end: '2027-03-12' }, '2027-03-10')).toEqual({
      start: '2027-03-10',
    });
  });
});

describe('monthsOf', () => {
  it('lists the months a selection touches', () => {
    expect(monthsOf(null)).toEqual([]);
    expect(monthsOf({ start: '2027-03-10' })).toEqual([{ year: 2027, month: 3 }]);
    expect(monthsOf({ start: '2027-11-20', end: '2028-01-05' })).toEqual([
      { year: 2027, month: 11 },
      { year: 2027, month: 12 },
      { year: 2028, month: 1 },
    ]);
  });
});

describe('occupancy', () => {
  const own = (status: Reservation['status'], startTime: string, endTime: string): Reservation => ({
    id: 1,
    userId: 2,
    user: { username: 'm', email: null },
    startTime,
    endTime,
    eventName: 'x',
    eventDescription: 'y',
    additionalInfo: null,
    status,
    paymentStatus: 'unpaid',
    adminNotes: null,
    cancellationReason: null,
    priceCents: 15000,
    currency: 'USD',
    paidCents: 0,
    refundedCents: 0,
    accountName: null,
    createdAt: '2027-01-01T00:00:00.000Z',
  });
  it("marks own holding, own released and others' days, in UTC days", () => {
    const entries: CalendarEntry[] = [
      own('pending', '2027-03-10T00:00:00.000Z', '2027-03-11T23:59:59.999Z'),
      own('cancelled', '2027-03-20T00:00:00.000Z', '2027-03-20T23:59:59.999Z'),
      {
        startTime: '2027-03-30T00:00:00.000Z',
        endTime: '2027-04-01T23:59:59.999Z',
        status: 'otherReserved',
      },
    ];
    const days = occupancy(entries);
    expect(days.get('2027-03-10')?.own?.status).toBe('pending');
    expect(days.get('2027-03-11')?.own?.status).toBe('pending');
    expect(days.get('2027-03-12')).toBeUndefined();
    expect(days.get('2027-03-20')?.released?.status).toBe('cancelled');
    expect(days.get('2027-03-20')?.own).toBeUndefined();
    expect([...days.keys()].filter((k) => days.get(k)?.other)).toEqual([
      '2027-03-30',
      '2027-03-31',
      '2027-04-01',
    ]);
  });
});

describe('checkNewReservation', () => {
  it('sends midnight UTC of the first day to the last millisecond of the last', () => {
    const check = checkNewReservation({ start: '2027-03-10', end: '2027-03-12' }, fields, none);
    expect(check).toEqual({
      ok: true,
      body: {
        startTime: '2027-03-10T00:00:00.000Z',
        endTime: '2027-03-12T23:59:59.999Z',
        eventName: 'Retreat',
        eventDescription: 'Quiet days',
        additionalInfo: null,
      },
    });
    const single = checkNewReservation({ start: '2027-03-10' }, fields, none);
    expect(single.ok && [single.body.startTime, single.body.endTime]).toEqual([
      '2027-03-10T00:00:00.000Z',
      '2027-03-10T23:59:59.999Z',
    ]);
  });

  it('needs a date', () => {
    expect(checkNewReservation(null, fields, none)).toEqual({
      ok: false,
      errors: { dates: messages.selectAtLeastOneDate },
    });
  });

  it('needs an event name and description', () => {
    expect(
      checkNewReservation(
        { start: '2027-03-10' },
        { eventName: ' ', eventDescription: '', additionalInfo: '' },
        none,
      ),
    ).toEqual({
      ok: false,
      errors: {
        eventName: messages.enterEventName,
        eventDescription: messages.enterEventDescription,
      },
    });
  });

  it('refuses a range that crosses a held day', () => {
    const check = checkNewReservation(
      { start: '2027-03-10', end: '2027-03-12' },
      fields,
      (key) => key === '2027-03-11',
    );
    expect(check).toEqual({ ok: false, errors: { dates: messages.contiguousBlock } });
  });

  it('refuses an invalid range', () => {
    const check = checkNewReservation({ start: '2027-02-30' }, fields, none);
    expect(check).toEqual({ ok: false, errors: { dates: messages.invalidDateRange } });
  });
});

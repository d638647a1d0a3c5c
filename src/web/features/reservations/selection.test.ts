import { describe, expect, it } from 'vitest';
import { messages } from '../../../shared/messages.js';
import type { CalendarEntry, Reservation } from '../../../shared/schemas/reservations.js';
import {
  checkNewReservation,
  checkRange,
  monthsOf,
  nextSelection,
  occupancy,
  unavailableReason,
} from './selection.js';

const fields = { eventName: 'Retreat', eventDescription: 'Quiet days', additionalInfo: '' };
const none = () => false;

function ownEntry(status: Reservation['status']): Reservation {
  return {
    id: 1,
    userId: 2,
    user: { username: 'm', email: null },
    startTime: '2027-03-10T00:00:00.000Z',
    endTime: '2027-03-10T23:59:59.999Z',
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
    guests: null,
    mealPlan: null,
    finalGuests: null,
    depositCents: 0,
    balanceDueDate: null,
    agreement: null,
    accountName: null,
    createdAt: '2027-01-01T00:00:00.000Z',
  };
}

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

describe('checkRange', () => {
  const taken = new Set(['2027-12-04', '2027-12-05', '2027-12-06']);

  it('gives the inclusive range, in either order, when every day is free', () => {
    expect(checkRange('2027-12-01', '2027-12-03', taken)).toEqual({
      ok: true,
      selection: { start: '2027-12-01', end: '2027-12-03' },
    });
    expect(checkRange('2027-12-09', '2027-12-07', taken)).toEqual({
      ok: true,
      selection: { start: '2027-12-07', end: '2027-12-09' },
    });
  });

  it('gives the unavailable days in order when the range spans them', () => {
    expect(checkRange('2027-12-03', '2027-12-07', taken)).toEqual({
      ok: false,
      blocked: ['2027-12-04', '2027-12-05', '2027-12-06'],
    });
    expect(checkRange('2027-12-07', '2027-12-05', taken)).toEqual({
      ok: false,
      blocked: ['2027-12-05', '2027-12-06'],
    });
  });

  it('counts both ends, takes a predicate, and crosses months and years', () => {
    expect(checkRange('2027-12-06', '2027-12-08', taken)).toEqual({
      ok: false,
      blocked: ['2027-12-06'],
    });
    expect(checkRange('2027-12-30', '2028-01-02', (key) => key === '2028-01-01')).toEqual({
      ok: false,
      blocked: ['2028-01-01'],
    });
  });
});

describe('unavailableReason', () => {
  const today = '2027-03-05';
  const held = occupancy([
    {
      startTime: '2027-03-11T00:00:00.000Z',
      endTime: '2027-03-11T23:59:59.999Z',
      status: 'otherReserved',
    },
  ]);

  it('names past days, days too far from the first, and held days; free days are null', () => {
    expect(unavailableReason('2027-03-04', undefined, today, '2027-03-10')).toBe('past');
    expect(unavailableReason('2027-03-05', undefined, today, '2027-03-10')).toBeNull();
    expect(unavailableReason('2027-03-11', held.get('2027-03-11'), today, '2027-03-10')).toBe(
      'reserved',
    );
    expect(unavailableReason('2027-03-12', held.get('2027-03-12'), today, '2027-03-10')).toBeNull();
    // 60 days from the 10th of March is the 8th of May; the 9th would be day 61.
    expect(unavailableReason('2027-05-08', undefined, today, '2027-03-10')).toBeNull();
    expect(unavailableReason('2027-05-09', undefined, today, '2027-03-10')).toBe('tooFar');
    expect(unavailableReason('2027-03-10', undefined, today, '2027-05-09')).toBe('tooFar');
  });

  it("calls the member's own pending or approved days theirs, and a released day free", () => {
    const ownDays = occupancy([
      {
        ...ownEntry('pending'),
        startTime: '2027-03-20T00:00:00.000Z',
        endTime: '2027-03-20T23:59:59.999Z',
      },
      {
        ...ownEntry('approved'),
        startTime: '2027-03-21T00:00:00.000Z',
        endTime: '2027-03-21T23:59:59.999Z',
      },
      {
        ...ownEntry('cancelled'),
        startTime: '2027-03-22T00:00:00.000Z',
        endTime: '2027-03-22T23:59:59.999Z',
      },
    ]);
    const reason = (key: string) => unavailableReason(key, ownDays.get(key), today, '2027-03-19');
    expect([reason('2027-03-20'), reason('2027-03-21'), reason('2027-03-22')]).toEqual([
      'yours',
      'yours',
      null,
    ]);
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
  const own = (status: Reservation['status'], startTime: string, endTime: string) => ({
    ...ownEntry(status),
    startTime,
    endTime,
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

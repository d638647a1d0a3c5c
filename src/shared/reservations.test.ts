import { describe, expect, it } from 'vitest';
import {
  adminMay,
  adminStatusChange,
  filterTab,
  isHolding,
  needsPayment,
  sortByStart,
  statusLabel,
  statusTitle,
  tabCounts,
  userMay,
  type ReservationStatus,
} from './reservations.js';

const all: ReservationStatus[] = ['pending', 'approved', 'rejected', 'cancelled'];

describe('status machine (docs/product.md §4), row by row', () => {
  it('user cancels own: only pending or approved', () => {
    expect(all.filter((s) => userMay('cancel', s))).toEqual(['pending', 'approved']);
  });
  it('user edits details: not cancelled or rejected', () => {
    expect(all.filter((s) => userMay('edit', s))).toEqual(['pending', 'approved']);
  });
  it('admin approves: not already approved, and not rejected or cancelled', () => {
    expect(all.filter((s) => adminMay('approve', s))).toEqual(['pending']);
  });
  it('admin rejects: non-rejected, non-cancelled', () => {
    expect(all.filter((s) => adminMay('reject', s))).toEqual(['pending', 'approved']);
  });
  it('admin cancels: not cancelled or rejected', () => {
    expect(all.filter((s) => adminMay('cancel', s))).toEqual(['pending', 'approved']);
  });
  it('admin deletes: only cancelled or rejected', () => {
    expect(all.filter((s) => adminMay('delete', s))).toEqual(['rejected', 'cancelled']);
  });
  it('admin edits details: always', () => {
    expect(all.every((s) => adminMay('edit', s))).toBe(true);
  });
  it('maps status changes to allowed targets only', () => {
    expect(adminStatusChange('pending', 'approved')).toBe('approved');
    expect(adminStatusChange('approved', 'approved')).toBeNull();
    expect(adminStatusChange('approved', 'rejected')).toBe('rejected');
    expect(adminStatusChange('cancelled', 'rejected')).toBeNull();
    expect(adminStatusChange('rejected', 'cancelled')).toBeNull();
    expect(adminStatusChange('approved', 'pending')).toBeNull();
  });
  it('holding statuses keep their days', () => {
    expect(all.filter(isHolding)).toEqual(['pending', 'approved']);
  });
});

describe('lists', () => {
  const items = [
    { id: 3, status: 'approved', startTime: '2027-05-01T00:00:00.000Z' },
    { id: 1, status: 'pending', startTime: '2027-04-01T00:00:00.000Z' },
    { id: 2, status: 'cancelled', startTime: '2027-03-01T00:00:00.000Z' },
    { id: 4, status: 'rejected', startTime: '2027-04-01T00:00:00.000Z' },
  ];
  it("'all' and 'All Active' hold only pending and approved, sorted by start", () => {
    expect(filterTab(items, 'all').map((i) => i.id)).toEqual([1, 3]);
    expect(filterTab(items, 'active').map((i) => i.id)).toEqual([1, 3]);
    expect(filterTab(items, 'cancelled').map((i) => i.id)).toEqual([2]);
  });
  it('counts each tab', () => {
    expect(tabCounts(items, ['all', 'pending', 'approved', 'rejected', 'cancelled'])).toEqual({
      all: 2,
      pending: 1,
      approved: 1,
      rejected: 1,
      cancelled: 1,
    });
  });
  it('sorts by start time, then id', () => {
    expect(sortByStart(items).map((i) => i.id)).toEqual([2, 1, 4, 3]);
  });
  it('shows underscores as spaces', () => {
    expect(statusLabel('user_cancelled')).toBe('user cancelled');
  });
  it('writes a status as a word of its own', () => {
    expect(statusTitle('partially_paid')).toBe('Partially paid');
    expect(statusTitle('approved')).toBe('Approved');
  });
  it('a reservation needs payment while it holds its days unpaid', () => {
    expect(needsPayment({ status: 'pending', paymentStatus: 'unpaid' })).toBe(true);
    expect(needsPayment({ status: 'pending', paymentStatus: 'paid' })).toBe(false);
    expect(needsPayment({ status: 'cancelled', paymentStatus: 'unpaid' })).toBe(false);
  });
});

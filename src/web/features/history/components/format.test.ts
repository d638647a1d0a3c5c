import { describe, expect, it } from 'vitest';
import { formatDateTime, kindColor, kindLabel } from './format.js';

describe('history formatting', () => {
  it('labels every kind the server records, and unknown ones readably', () => {
    expect(kindLabel('reservation_requested')).toBe('Reservation requested');
    expect(kindLabel('document_deleted')).toBe('Document deleted');
    expect(kindLabel('profile_updated')).toBe('Profile updated');
    expect(kindLabel('something_new')).toBe('Something new');
  });

  it('colours refusals and removals red, good news teal', () => {
    expect(kindColor('reservation_rejected')).toBe('red');
    expect(kindColor('document_deleted')).toBe('red');
    expect(kindColor('payment_received')).toBe('teal');
    expect(kindColor('reservation_requested')).toBe('blue');
  });

  it('formats in a zone, falls back on an unknown zone, and keeps a bad date as given', () => {
    // ICU may put a narrow no-break space before AM/PM.
    expect(formatDateTime('2027-03-04T15:30:00.000Z', 'UTC').replace(/\s/g, ' ')).toBe(
      'Mar 4, 2027, 3:30 PM',
    );
    expect(formatDateTime('2027-03-04T15:30:00.000Z', 'Not/AZone')).toMatch(/2027/);
    expect(formatDateTime('yesterday', 'UTC')).toBe('yesterday');
  });
});

import { describe, expect, it } from 'vitest';
import { kindColor, kindLabel } from './format.js';

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
});

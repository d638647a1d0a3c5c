import { describe, expect, it } from 'vitest';
import {
  MAX_NAME_IN_SUMMARY,
  profileChanges,
  profileUpdateSummary,
  reservationChanges,
  reservationEditSummary,
  type ProfilePerson,
  type ProfileSnapshot,
  type ReservationDetails,
} from './change-summary.js';

const stay: ReservationDetails = {
  eventName: 'Spring retreat',
  eventDescription: 'A long description of the weekend, with the programme and the meals.',
  additionalInfo: 'Two guests arrive late.',
  firstDay: '2027-05-03',
  lastDay: '2027-05-05',
};

describe('reservationEditSummary', () => {
  it('names the reservation as it was and what changed, without quoting the free texts', () => {
    const after = {
      ...stay,
      eventName: 'Spring prayer retreat',
      eventDescription: 'Shorter now.',
      additionalInfo: null,
    };
    expect(reservationEditSummary(stay, after)).toBe(
      'Reservation details edited: Spring retreat (2027-05-03 to 2027-05-05). ' +
        'Event name changed from “Spring retreat” to “Spring prayer retreat”; ' +
        'description changed; additional information removed.',
    );
    expect(reservationEditSummary(stay, after)).not.toContain('Shorter now');
    expect(reservationEditSummary(stay, after)).not.toContain('programme');
  });

  it('says additional information was added, and only what changed', () => {
    const before = { ...stay, additionalInfo: null };
    expect(reservationChanges(before, { ...before, additionalInfo: 'Wheelchair access' })).toEqual([
      'additional information added',
    ]);
    expect(reservationChanges(stay, { ...stay, eventDescription: 'New' })).toEqual([
      'description changed',
    ]);
  });

  it('says "no changes" when the same details are saved again (blank and null are the same)', () => {
    expect(reservationEditSummary(stay, { ...stay })).toBe(
      'Reservation details edited: Spring retreat (2027-05-03 to 2027-05-05). No changes.',
    );
    expect(
      reservationChanges({ ...stay, additionalInfo: null }, { ...stay, additionalInfo: '  ' }),
    ).toEqual([]);
  });

  it('mentions new dates, and cuts a very long name', () => {
    expect(reservationChanges(stay, { ...stay, firstDay: '2027-05-04' })).toEqual([
      'dates changed (now 2027-05-04 to 2027-05-05)',
    ]);
    const long = 'N'.repeat(150);
    const [change] = reservationChanges(stay, { ...stay, eventName: long });
    expect(change).toContain(`to “${'N'.repeat(MAX_NAME_IN_SUMMARY - 1)}…”`);
    expect(change).not.toContain(long);
  });
});

const person = (fullName: string, over: Partial<ProfilePerson> = {}): ProfilePerson => ({
  fullName,
  phoneNumber: null,
  email: null,
  address: null,
  ...over,
});

const profile: ProfileSnapshot = {
  accountName: 'Grace Chapel',
  primaryContactFullName: 'Ann Smith',
  primaryContactPhoneNumber: '555-0100',
  primaryContactEmail: 'ann@example.org',
  primaryContactAddress: '1 Church Street, Springfield',
  responsiblePersons: [person('Carl Weiss'), person('Dora Lee', { phoneNumber: '555-0102' })],
};

describe('profileUpdateSummary', () => {
  it('names the contact and the persons added and removed', () => {
    const after: ProfileSnapshot = {
      ...profile,
      primaryContactFullName: 'Ann Jones',
      responsiblePersons: [person('Dora Lee', { phoneNumber: '555-0102' }), person('Bob Jones')],
    };
    expect(profileUpdateSummary(profile, after)).toBe(
      'Account profile updated: primary contact name changed from Ann Smith to Ann Jones; ' +
        'responsible person Bob Jones added; responsible person Carl Weiss removed.',
    );
  });

  it('says contact details changed without their values', () => {
    const after: ProfileSnapshot = {
      ...profile,
      primaryContactPhoneNumber: '555-0199',
      primaryContactEmail: null,
      primaryContactAddress: '2 Chapel Road',
    };
    const summary = profileUpdateSummary(profile, after);
    expect(summary).toBe(
      'Account profile updated: primary contact phone number changed; ' +
        'primary contact email removed; primary contact address changed.',
    );
    for (const value of ['555-0199', '555-0100', 'ann@example.org', 'Chapel Road', 'Church Street'])
      expect(summary).not.toContain(value);
  });

  it('quotes a new account name, and sets a first contact name', () => {
    expect(
      profileChanges(
        { ...profile, primaryContactFullName: null },
        { ...profile, accountName: 'Grace Church', primaryContactFullName: 'Ann Smith' },
      ),
    ).toEqual([
      'account name changed from “Grace Chapel” to “Grace Church”',
      'primary contact name set to Ann Smith',
    ]);
  });

  it("notices a person's details changing and the persons reordered", () => {
    const [carl, dora] = profile.responsiblePersons as [ProfilePerson, ProfilePerson];
    expect(
      profileChanges(profile, {
        ...profile,
        responsiblePersons: [{ ...dora, email: 'dora@example.org' }, carl],
      }),
    ).toEqual(['details of responsible person Dora Lee changed', 'responsible persons reordered']);
  });

  it('matches the same name twice in order', () => {
    const before = { ...profile, responsiblePersons: [person('Sam'), person('Sam')] };
    expect(profileChanges(before, { ...profile, responsiblePersons: [person('Sam')] })).toEqual([
      'responsible person Sam removed',
    ]);
    expect(profileChanges(before, { ...before })).toEqual([]);
  });

  it('says "no changes" when the same profile is saved again', () => {
    expect(profileUpdateSummary(profile, { ...profile })).toBe(
      'Account profile updated: no changes.',
    );
  });
});

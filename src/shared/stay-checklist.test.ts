import { describe, expect, it } from 'vitest';
import { reminderDue, stayChecklist, type ChecklistInput } from './stay-checklist.js';

const group = {
  deposit: { percent: 25, refundable: false, dueDaysAfterApproval: 7 },
  finalCountDueDaysBeforeStart: 10,
  balanceDueDaysBeforeStart: 14,
  insuranceRequired: true,
};
const stay: ChecklistInput = {
  group,
  houseHasAgreement: true,
  agreementAccepted: false,
  approvedOn: '2027-03-01',
  firstDay: '2027-05-01',
  lastDay: '2027-05-03',
  depositCents: 25_000,
  netCents: 0,
  owedCents: 100_000,
  questionnaireSubmitted: false,
  insuranceExpiresOn: null,
};
const byItem = (s: ChecklistInput) =>
  Object.fromEntries(stayChecklist(s).map((i) => [i.item, [i.done, i.dueDate]]));

describe('stayChecklist', () => {
  it('dates each item: after approval, before the final count, before the balance', () => {
    expect(byItem(stay)).toEqual({
      agreement: [false, '2027-03-08'],
      deposit: [false, '2027-03-08'],
      questionnaire: [false, '2027-04-21'],
      insurance: [false, '2027-04-21'],
      balance: [false, '2027-04-17'],
    });
    expect(byItem({ ...stay, approvedOn: null }).agreement).toEqual([false, null]);
  });

  it('lists the items by their due day, the earliest first, those not dated before approval first', () => {
    const order = (s: ChecklistInput) => stayChecklist(s).map((i) => [i.item, i.dueDate]);
    // A house that asks for the balance (14 days before) before the final count (10).
    expect(order(stay)).toEqual([
      ['agreement', '2027-03-08'],
      ['deposit', '2027-03-08'],
      ['balance', '2027-04-17'],
      ['questionnaire', '2027-04-21'],
      ['insurance', '2027-04-21'],
    ]);
    expect(order({ ...stay, group: { ...group, finalCountDueDaysBeforeStart: 21 } })).toEqual([
      ['agreement', '2027-03-08'],
      ['deposit', '2027-03-08'],
      ['questionnaire', '2027-04-10'],
      ['insurance', '2027-04-10'],
      ['balance', '2027-04-17'],
    ]);
    expect(order({ ...stay, approvedOn: null }).map(([item]) => item)).toEqual([
      'agreement',
      'deposit',
      'balance',
      'questionnaire',
      'insurance',
    ]);
  });

  it('asks only what the house asks: no agreement file, no deposit rule, no insurance, no group', () => {
    const items = (s: ChecklistInput) => stayChecklist(s).map((i) => i.item);
    expect(items({ ...stay, houseHasAgreement: false })).not.toContain('agreement');
    expect(items({ ...stay, group: { ...group, deposit: undefined } })).toEqual([
      'agreement',
      'balance',
      'questionnaire',
      'insurance',
    ]);
    expect(items({ ...stay, group: { ...group, insuranceRequired: false } })).not.toContain(
      'insurance',
    );
    expect(stayChecklist({ ...stay, group: null, houseHasAgreement: false })).toEqual([
      { item: 'balance', done: false, dueDate: null },
    ]);
  });

  it('counts the deposit paid, a whole payment, and insurance only through the last day', () => {
    expect(byItem({ ...stay, netCents: 25_000 }).deposit![0]).toBe(true);
    expect(byItem({ ...stay, netCents: 24_999 }).deposit![0]).toBe(false);
    expect(byItem({ ...stay, owedCents: 0, netCents: 100_000 }).deposit![0]).toBe(true);
    expect(byItem({ ...stay, insuranceExpiresOn: '2027-05-02' }).insurance![0]).toBe(false);
    expect(byItem({ ...stay, insuranceExpiresOn: '2027-05-03' }).insurance![0]).toBe(true);
  });

  it('reminds an open item from the given days before its due day on, overdue included', () => {
    const item = { item: 'balance' as const, done: false, dueDate: '2027-04-17' };
    expect(reminderDue(item, '2027-04-09', 7)).toBe(false);
    expect(reminderDue(item, '2027-04-10', 7)).toBe(true);
    expect(reminderDue(item, '2027-04-30', 7)).toBe(true);
    expect(reminderDue({ ...item, done: true }, '2027-04-30', 7)).toBe(false);
    expect(reminderDue({ ...item, dueDate: null }, '2027-04-30', 7)).toBe(false);
  });
});

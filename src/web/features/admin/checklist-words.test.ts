import { describe, expect, it } from 'vitest';
import type { ChecklistItem } from '../../../shared/schemas/questionnaire.js';
import { checklistSummary, itemState } from './checklist-words.js';

const TODAY = '2028-03-10';

describe('checklist words', () => {
  it('is overdue only after the due day, never on it', () => {
    const open = (dueDate: string | null): ChecklistItem => ({
      item: 'balance',
      done: false,
      dueDate,
    });
    expect(itemState(open('2028-03-09'), TODAY)).toBe('Overdue');
    expect(itemState(open(TODAY), TODAY)).toBe('To do');
    expect(itemState(open(null), TODAY)).toBe('To do');
    expect(itemState({ ...open('2028-03-01'), done: true }, TODAY)).toBe('Done');
  });

  it('sums up a stay: how many done, what is to do and what is overdue', () => {
    expect(
      checklistSummary(
        [
          { item: 'agreement', done: true, dueDate: '2028-03-01' },
          { item: 'deposit', done: true, dueDate: '2028-03-01' },
          { item: 'questionnaire', done: false, dueDate: '2028-03-09' },
          { item: 'insurance', done: false, dueDate: '2028-03-20' },
          { item: 'balance', done: false, dueDate: '2028-03-05' },
        ],
        TODAY,
      ),
    ).toBe('2 of 5 done; to do: insurance certificate; overdue: questionnaire, balance');
    expect(checklistSummary([{ item: 'balance', done: true, dueDate: null }], TODAY)).toBe(
      '1 of 1 done',
    );
    expect(checklistSummary([], TODAY)).toBe('The house asks nothing of this stay.');
  });
});

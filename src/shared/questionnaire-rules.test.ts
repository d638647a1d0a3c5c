import { describe, expect, it } from 'vitest';
import { nameKey, questionnaireIssues } from './questionnaire-rules.js';

const rooms = [
  { id: 'cedar', name: 'Cedar Room', beds: 1 },
  { id: 'oak', name: 'Oak Room', beds: 3 },
];

describe('questionnaireIssues', () => {
  it('finds nothing wrong in a fitting questionnaire', () => {
    expect(
      questionnaireIssues(
        {
          finalGuests: 4,
          diets: { vegetarian: 4, vegan: 1 },
          rooming: [
            { roomId: 'cedar', names: ['Anna'] },
            { roomId: 'oak', names: ['Björn', 'Chloé', '서지민'] },
          ],
        },
        rooms,
      ),
    ).toEqual([]);
  });

  it('lists every problem with its path', () => {
    const issues = questionnaireIssues(
      {
        finalGuests: 2,
        diets: { vegan: 3, nutAllergy: 5 },
        rooming: [
          { roomId: 'cedar', names: ['Anna', 'Eve'] },
          { roomId: 'nowhere', names: ['Zed'] },
          { roomId: 'oak', names: ['ANNA'] },
          { roomId: 'cedar', names: [] },
        ],
      },
      rooms,
    );
    expect(issues.map((i) => i.path)).toEqual([
      'body.diets.vegan',
      'body.diets.nutAllergy',
      'body.rooming.0.names',
      'body.rooming.1.roomId',
      'body.rooming.2.names.0',
      'body.rooming.3.roomId',
    ]);
    expect(issues[2]!.message).toBe('Cedar Room has 1 bed, not 2.');
  });

  it('compares names without case, outer spaces or doubled spaces', () => {
    expect(nameKey('  Anna   Maria ')).toBe(nameKey('anna maria'));
    expect(nameKey('Élise')).toBe(nameKey('E\u0301lise'));
  });

  it('does not count diets against a final count not given', () => {
    expect(questionnaireIssues({ diets: { vegan: 50 } }, rooms)).toEqual([]);
  });
});

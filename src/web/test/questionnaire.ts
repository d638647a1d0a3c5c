/**
 * A stay's questionnaire as GET /api/reservations/{id}/questionnaire answers
 * it (src/shared/schemas/questionnaire.ts), for the tests of every screen that
 * reads or saves it: nothing answered yet, the final count due on June 5,
 * 2027, and a house of three bedrooms.
 */
import type { Questionnaire } from '../../shared/schemas/questionnaire.js';

export const TEST_ROOMS: Questionnaire['rooms'] = [
  { id: 'cedar', name: 'Cedar room', beds: 2 },
  { id: 'oak', name: 'Oak room', beds: 4 },
  { id: 'loft', name: 'The loft', beds: 1 },
];

export function questionnaireOf(over: Partial<Questionnaire> = {}): Questionnaire {
  return {
    finalGuests: null,
    diets: { vegetarian: 0, vegan: 0, glutenFree: 0, dairyFree: 0, nutAllergy: 0 },
    dietNotes: '',
    rooming: [],
    unplaced: [],
    arrivalTime: null,
    setup: '',
    submittedAt: null,
    sentFinalGuests: null,
    unsent: false,
    finalCountDueDate: '2027-06-05',
    rooms: TEST_ROOMS,
    ...over,
  };
}

/** Answers saved before, which a change of the final count alone must send back as they are. */
export const SAVED_ANSWERS = {
  diets: { vegetarian: 3, vegan: 1, glutenFree: 0, dairyFree: 0, nutAllergy: 2 },
  dietNotes: 'Two nut allergies, please label the desserts.',
  rooming: [{ roomId: 'cedar', names: ['Ann Lee', 'Bo Park'] }],
  arrivalTime: '16:30',
  setup: 'Chairs in a circle in the hall.',
} satisfies Partial<Questionnaire>;

/**
 * The questionnaire on the stay page: "Save draft" sends the whole
 * questionnaire, "Send to the house" saves then sends; problems show by their
 * fields before anything is sent (the server's rules and messages), the
 * server's after; the final count is read-only after its due day.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DIETS, type QuestionnaireBody } from '../../../../shared/schemas/questionnaire.js';
import { expectFieldError, fieldRefusal } from '@/components/forms/forms.testing.js';
import { questionnaireOf, SAVED_ANSWERS } from '@/test/questionnaire.js';
import { callsTo, findDialog, region, typeText, type FakeHandler } from '@/test/utils.js';
import { NEEDS_FINAL_COUNT } from '../questionnaire-draft.js';
import { attendee, NOW, openStayPage, stayServer, type StayState } from '../stay.testing.js';
import { QUESTIONNAIRE_SAVED, QUESTIONNAIRE_SENT } from './QuestionnaireForm.js';
import { questionnaireState } from './QuestionnaireSection.js';

beforeEach(() => {
  vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
});

const SENT_AT = '2027-03-05T18:00:00.000Z';

/** The server's PUT: the body replaces the saved answers. */
const keepsAnswers =
  (state: StayState): FakeHandler =>
  (req) => {
    const body = req.body as QuestionnaireBody;
    const diets = { ...state.questionnaire.diets };
    for (const diet of DIETS) diets[diet] = body.diets?.[diet] ?? 0;
    state.questionnaire = {
      ...state.questionnaire,
      finalGuests: body.finalGuests ?? null,
      diets,
      dietNotes: body.dietNotes ?? '',
      rooming: body.rooming ?? [],
      unplaced: body.unplaced ?? [],
      arrivalTime: body.arrivalTime ?? null,
      setup: body.setup ?? '',
      unsent: true,
    };
    return { body: state.questionnaire };
  };

async function openForm(over: Partial<StayState> = {}, put?: FakeHandler) {
  const server = stayServer(over, {
    routes: (state) => ({
      'PUT /api/reservations/7/questionnaire': put ?? keepsAnswers(state),
      'POST /api/reservations/7/questionnaire/submit': () => {
        state.questionnaire = {
          ...state.questionnaire,
          submittedAt: SENT_AT,
          sentFinalGuests: state.questionnaire.finalGuests,
          unsent: false,
        };
        return { body: state.questionnaire };
      },
    }),
  });
  const view = await openStayPage();
  const form = await screen.findByRole('form', { name: 'Pre-arrival questionnaire' });
  const scope = within(form);
  return {
    ...server,
    ...view,
    form: scope,
    count: () => scope.getByRole('textbox', { name: 'Final number of guests' }),
    diet: (name: string) => scope.getByRole('textbox', { name }),
    save: () => userEvent.click(scope.getByRole('button', { name: 'Save draft' })),
    send: () => userEvent.click(scope.getByRole('button', { name: 'Send to the house' })),
  };
}

describe('the questionnaire', () => {
  it('saves a draft: the whole questionnaire, every answer as given', async () => {
    const { fetchMock, form, count, diet, save } = await openForm();
    expect(count()).toHaveAccessibleDescription(
      'Give it by Saturday, June 5, 2027. The price of the stay follows it.',
    );
    await typeText(count(), '18');
    await typeText(diet('Vegetarian'), '3');
    await typeText(diet('Nut allergy'), '1');
    await typeText(form.getByRole('textbox', { name: 'Diet notes' }), 'One peanut allergy.');
    fireEvent.change(form.getByLabelText('Arrival time'), { target: { value: '16:30' } });
    await typeText(form.getByRole('textbox', { name: 'Set-up notes' }), 'Chairs in a circle.');
    await save();
    expect(await form.findByText(QUESTIONNAIRE_SAVED)).toBeVisible();
    expect(callsTo(fetchMock, 'PUT /api/reservations/7/questionnaire').map((c) => c.body)).toEqual([
      {
        finalGuests: 18,
        diets: { vegetarian: 3, vegan: 0, glutenFree: 0, dairyFree: 0, nutAllergy: 1 },
        dietNotes: 'One peanut allergy.',
        rooming: [],
        unplaced: [],
        arrivalTime: '16:30',
        setup: 'Chairs in a circle.',
      },
    ]);
    expect(callsTo(fetchMock, 'POST /api/reservations/7/questionnaire/submit')).toHaveLength(0);
    expect(
      within(region('Pre-arrival questionnaire')).getByText(/^Not sent yet\./),
    ).toBeInTheDocument();
  });

  it('keeps the names not yet in a room through a save and a reload', async () => {
    const { fetchMock, form, save, unmount } = await openForm();
    const user = userEvent.setup();
    const add = form.getByRole('textbox', { name: 'Add a name' });
    for (const name of ['Anna Lee', 'Ben Carter', 'Chloe Diaz'])
      await user.type(add, `${name}{Enter}`);
    await user.selectOptions(
      form.getByRole('combobox', { name: 'Room for Anna Lee' }),
      'Cedar room (0 of 2 beds taken)',
    );
    await user.click(form.getByRole('button', { name: 'Place Anna Lee' }));
    await save();
    expect(await form.findByText(QUESTIONNAIRE_SAVED)).toBeVisible();
    expect(callsTo(fetchMock, 'PUT /api/reservations/7/questionnaire')[0]!.body).toMatchObject({
      rooming: [{ roomId: 'cedar', names: ['Anna Lee'] }],
      unplaced: ['Ben Carter', 'Chloe Diaz'],
    });
    // Opened again, from what the server holds: every name is there.
    unmount();
    await openStayPage();
    const again = within(await screen.findByRole('form', { name: 'Pre-arrival questionnaire' }));
    const waiting = again.getByRole('region', { name: /^Not placed yet/ });
    expect(within(waiting).getByText('Ben Carter')).toBeVisible();
    expect(within(waiting).getByText('Chloe Diaz')).toBeVisible();
    expect(
      within(again.getByRole('region', { name: 'Cedar room' })).getByText('Anna Lee'),
    ).toBeVisible();
  });

  it('asks before leaving with answers not saved, and not once they are saved', async () => {
    const { form, save, router } = await openForm();
    const user = userEvent.setup();
    await typeText(form.getByRole('textbox', { name: 'Set-up notes' }), 'Rows.');
    const nav = screen.getByRole('navigation', { name: 'Account' });
    await user.click(within(nav).getAllByRole('link')[0]!);
    const ask = await findDialog('Leave without saving?');
    await user.click(within(ask).getByRole('button', { name: 'Stay' }));
    expect(router.state.location.pathname).toBe('/account/reservations/7');
    await save();
    expect(await form.findByText(QUESTIONNAIRE_SAVED)).toBeVisible();
    await user.click(within(nav).getAllByRole('link')[0]!);
    await waitFor(() => expect(router.state.location.pathname).not.toBe('/account/reservations/7'));
  });

  it('says that a draft binds nothing, and which final count the house holds', () => {
    expect(questionnaireState(questionnaireOf())).toMatch(
      /^Not sent yet\. .*A draft binds nothing: the final count sets the price when you send it\.$/,
    );
    expect(
      questionnaireState(
        questionnaireOf({
          submittedAt: SENT_AT,
          finalGuests: 16,
          sentFinalGuests: 14,
          unsent: true,
        }),
      ),
    ).toBe(
      'Sent to the house on Mar 5, 2027, and changed since: send it again so the house has your changes. The house holds your final count of 14 guests, which sets the price.',
    );
  });

  it('sends it to the house: saved first, then sent, and says when', async () => {
    const { fetchMock, form, send } = await openForm({
      questionnaire: questionnaireOf({ ...SAVED_ANSWERS, finalGuests: 20 }),
      attendees: [attendee(1, 'Cy Diaz')],
    });
    // The saved answers are on the form, the rooming included.
    expect(form.getByRole('textbox', { name: 'Diet notes' })).toHaveValue(SAVED_ANSWERS.dietNotes);
    expect(
      within(form.getByRole('region', { name: 'Cedar room' })).getByText('Ann Lee'),
    ).toBeVisible();
    await send();
    expect(await form.findByText(QUESTIONNAIRE_SENT)).toBeVisible();
    const changes = fetchMock.mock.calls
      .filter(([url, init]) => String(url).includes('/questionnaire') && init?.method !== 'GET')
      .map(([url, init]) => `${init?.method} ${String(url)}`);
    expect(changes).toEqual([
      'PUT /api/reservations/7/questionnaire',
      'POST /api/reservations/7/questionnaire/submit',
    ]);
    expect(callsTo(fetchMock, 'PUT /api/reservations/7/questionnaire')[0]!.body).toEqual({
      ...SAVED_ANSWERS,
      unplaced: [],
      finalGuests: 20,
    });
    expect(
      await within(region('Pre-arrival questionnaire')).findByText(
        /^Sent to the house on Mar 5, 2027\./,
      ),
    ).toBeVisible();
  });

  it('shows the problems by their fields before sending anything', async () => {
    const { fetchMock, count, diet, save, send } = await openForm();
    await send();
    expectFieldError(count(), NEEDS_FINAL_COUNT);
    expect(count()).toHaveFocus();

    await typeText(count(), '10');
    await typeText(diet('Vegan'), '12');
    await save();
    expectFieldError(diet('Vegan'), '12 is more than the 10 guests of the final count.');
    expect(diet('Vegan')).toHaveFocus();
    expect(callsTo(fetchMock, 'PUT /api/reservations/7/questionnaire')).toHaveLength(0);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Some answers need a change: see the messages below.',
    );
  });

  it("shows the server's problems by their fields", async () => {
    const { count, save } = await openForm({}, () =>
      fieldRefusal('finalGuests', 'The house takes at most 40 guests.'),
    );
    await typeText(count(), '45');
    await save();
    await waitFor(() => expectFieldError(count(), 'The house takes at most 40 guests.'));
  });

  it('shows the final count read-only after its due day, and sends it as it was', async () => {
    const { fetchMock, count, save, form } = await openForm({
      questionnaire: questionnaireOf({ finalGuests: 18, finalCountDueDate: '2027-03-01' }),
    });
    expect(count()).toHaveAttribute('readonly');
    expect(count()).toHaveValue('18');
    expect(count()).toHaveAccessibleDescription(
      'The final count was due by Monday, March 1, 2027. To change it now, ask the house.',
    );
    await save();
    await form.findByText(QUESTIONNAIRE_SAVED);
    expect(callsTo(fetchMock, 'PUT /api/reservations/7/questionnaire')[0]!.body).toMatchObject({
      finalGuests: 18,
    });
  });
});

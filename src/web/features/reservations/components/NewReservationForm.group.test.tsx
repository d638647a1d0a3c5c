import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/AppProviders.js';
import type { DaySelection } from '@/components/month-calendar/index.js';
import { expectFieldError } from '@/components/forms/forms.testing.js';
import { callsTo, createTestQueryClient, typeText, type FakeRoutes } from '@/test/utils.js';
import { GROUP_RULES } from '../group-stays.testing.js';
import { RULES, reservationServer } from '../reservations.testing.js';
import { NewReservationForm } from './NewReservationForm.js';

/** Wednesday to Friday: two nights. */
const threeDays: DaySelection = { start: '2027-03-10', end: '2027-03-12' };

function renderForm(rules = GROUP_RULES, extra: FakeRoutes = {}) {
  const { fetchMock } = reservationServer({ rules, extra });
  const onSubmitted = vi.fn();
  render(
    <AppProviders queryClient={createTestQueryClient()} env="test">
      <NewReservationForm
        selection={threeDays}
        held={() => false}
        onClear={() => {}}
        onSubmitted={onSubmitted}
      />
    </AppProviders>,
  );
  return { fetchMock, onSubmitted };
}

const guests = () => screen.findByRole('textbox', { name: 'Expected guests' });
const meals = () => screen.getByRole('combobox', { name: 'Meals' });
const price = () =>
  within(screen.getByRole('region', { name: 'Price' })).getByText(
    (_, el) => el?.getAttribute('aria-live') === 'polite',
  );
const lines = () =>
  within(price())
    .getAllByRole('listitem')
    .map((li) => li.textContent);
const quoteUrls = (fetchMock: ReturnType<typeof renderForm>['fetchMock']) =>
  callsTo(fetchMock, 'GET /api/facility/quote').map((c) => c.url.replace(/^.*\?/, ''));

async function fillTexts() {
  await typeText(screen.getByRole('textbox', { name: 'Event Name' }), 'Youth retreat');
  await typeText(screen.getByRole('textbox', { name: 'Event Description' }), 'Three days');
}
const submit = () =>
  userEvent.click(screen.getByRole('button', { name: 'Submit Reservation Request' }));

describe('New reservation: a group', () => {
  it('asks the guests and the meals, and prices them as they change', async () => {
    const { fetchMock } = renderForm();
    const field = await guests();
    expect(field).not.toBeRequired();
    expect(field).toHaveAccessibleDescription(
      "Groups of 12 to 40; a smaller group is billed for 12. Left empty, the stay is priced for the house's minimum of 12 guests.",
    );
    expect(
      within(meals())
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'No meals',
      'Three meals a day ($35.00 per person per day)',
      'Breakfast and dinner ($24.00 per person per day)',
    ]);
    // Nothing typed yet: priced for the house's minimum.
    expect(
      await within(price()).findByText("Billed for 12 guests, the house's minimum."),
    ).toBeInTheDocument();
    expect(lines()).toEqual(['Lodging: 12 guests × 2 nights — 24 × $65.00 = $1,560.00']);
    expect(within(price()).getByText('Total for 3 days: $1,560.00')).toBeInTheDocument();
    expect(
      within(price()).getByText('Deposit to confirm: $390.00 (25%, not refundable)'),
    ).toBeInTheDocument();

    await typeText(field, '20');
    expect(await within(price()).findByText('Total for 3 days: $2,600.00')).toBeInTheDocument();
    expect(lines()).toEqual(['Lodging: 20 guests × 2 nights — 40 × $65.00 = $2,600.00']);
    expect(within(price()).queryByText(/the house's minimum/)).not.toBeInTheDocument();

    await userEvent.selectOptions(meals(), 'full-board');
    expect(await within(price()).findByText('Total for 3 days: $4,700.00')).toBeInTheDocument();
    expect(lines()).toEqual([
      'Lodging: 20 guests × 2 nights — 40 × $65.00 = $2,600.00',
      // This house serves every meal on the days of arrival and departure.
      'Three meals a day: 20 guests, 9 meals per guest (breakfast, lunch and dinner on arrival, breakfast, lunch and dinner on the day between, breakfast, lunch and dinner on departure) — 20 × $105.00 = $2,100.00',
    ]);
    expect(
      within(price()).getByText('Deposit to confirm: $1,175.00 (25%, not refundable)'),
    ).toBeInTheDocument();

    // A smaller group is billed for the minimum.
    await userEvent.type(field, '{Backspace}{Backspace}8');
    await waitFor(() => expect(field).toHaveValue('8'));
    expect(await within(price()).findByText('Total for 3 days: $2,820.00')).toBeInTheDocument();
    expect(within(price()).getByText("Billed for 12 guests, the house's minimum.")).toBeVisible();
    // One question per number the typing rested on, none per keystroke.
    expect(quoteUrls(fetchMock)).toEqual([
      'start=2027-03-10&end=2027-03-12',
      'start=2027-03-10&end=2027-03-12&guests=20',
      'start=2027-03-10&end=2027-03-12&guests=20&mealPlan=full-board',
      'start=2027-03-10&end=2027-03-12&guests=8&mealPlan=full-board',
    ]);
  });

  it('sends the guests and the meal plan with the request', async () => {
    const { fetchMock, onSubmitted } = renderForm();
    await typeText(await guests(), '20');
    await userEvent.selectOptions(meals(), 'half-board');
    await fillTexts();
    await submit();
    await waitFor(() => expect(onSubmitted).toHaveBeenCalled());
    expect(callsTo(fetchMock, 'POST /api/reservations').map((c) => c.body)).toEqual([
      {
        startTime: '2027-03-10T00:00:00.000Z',
        endTime: '2027-03-12T23:59:59.999Z',
        eventName: 'Youth retreat',
        eventDescription: 'Three days',
        additionalInfo: null,
        guests: 20,
        mealPlan: 'half-board',
      },
    ]);
  });

  it("sends a request without guests, priced for the house's minimum (docs/product.md §5)", async () => {
    const { fetchMock, onSubmitted } = renderForm();
    const field = await guests();
    await userEvent.selectOptions(meals(), 'half-board');
    expect(
      await within(price()).findByText("Billed for 12 guests, the house's minimum."),
    ).toBeInTheDocument();
    await fillTexts();
    await submit();
    await waitFor(() => expect(onSubmitted).toHaveBeenCalled());
    expect(field).not.toHaveAttribute('aria-invalid', 'true');
    expect(callsTo(fetchMock, 'POST /api/reservations').map((c) => c.body)).toEqual([
      {
        startTime: '2027-03-10T00:00:00.000Z',
        endTime: '2027-03-12T23:59:59.999Z',
        eventName: 'Youth retreat',
        eventDescription: 'Three days',
        additionalInfo: null,
        guests: null,
        mealPlan: 'half-board',
      },
    ]);
  });

  it('prices the minimum again once the typed guests are cleared', async () => {
    const { fetchMock } = renderForm();
    const field = await guests();
    await typeText(field, '20');
    expect(await within(price()).findByText('Total for 3 days: $2,600.00')).toBeInTheDocument();
    await userEvent.clear(field);
    expect(await within(price()).findByText('Total for 3 days: $1,560.00')).toBeInTheDocument();
    expect(within(price()).getByText("Billed for 12 guests, the house's minimum.")).toBeVisible();
    expect(field).not.toHaveAttribute('aria-invalid', 'true');
    expect(quoteUrls(fetchMock)).toEqual([
      'start=2027-03-10&end=2027-03-12',
      'start=2027-03-10&end=2027-03-12&guests=20',
    ]);
  });

  it('checks a typed number of guests on its field and sends nothing', async () => {
    const { fetchMock } = renderForm();
    const field = await guests();
    await fillTexts();
    await typeText(field, '0');
    await submit();
    expectFieldError(field, 'Give the number of guests as a whole number, at least 1.');
    expect(field).toHaveFocus();

    await userEvent.clear(field);
    await typeText(field, '45');
    await waitFor(() => expectFieldError(field, 'The house takes at most 40 guests.'));
    expect(
      within(price()).getByText('The price follows once the number of guests is from 1 to 40.'),
    ).toBeInTheDocument();
    await submit();
    expectFieldError(field, 'The house takes at most 40 guests.');
    expect(callsTo(fetchMock, 'POST /api/reservations')).toHaveLength(0);
    expect(quoteUrls(fetchMock).some((url) => url.includes('guests=45'))).toBe(false);
  });

  it("shows the server's refusal of the guests or the meals on its field", async () => {
    let refusal = { code: 'invalid_guests', message: 'The house takes at most 30 guests.' };
    renderForm(GROUP_RULES, {
      'POST /api/reservations': () => ({ status: 400, body: refusal }),
    });
    const field = await guests();
    await typeText(field, '35');
    await userEvent.selectOptions(meals(), 'full-board');
    await fillTexts();
    await submit();
    await waitFor(() => expectFieldError(field, 'The house takes at most 30 guests.'));
    expect(meals()).not.toHaveAttribute('aria-invalid', 'true');

    refusal = { code: 'unknown_meal_plan', message: 'This meal plan is not offered by the house.' };
    await submit();
    await waitFor(() => expectFieldError(meals(), 'This meal plan is not offered by the house.'));
  });

  it('asks neither without group pricing, and prices the days alone', async () => {
    const { fetchMock, onSubmitted } = renderForm(RULES);
    expect(await within(price()).findByText('Total for 3 days: $450.00')).toBeInTheDocument();
    expect(await screen.findByText(/^Refund on cancellation/)).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Expected guests' })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Meals' })).not.toBeInTheDocument();
    await fillTexts();
    await submit();
    await waitFor(() => expect(onSubmitted).toHaveBeenCalled());
    expect(callsTo(fetchMock, 'POST /api/reservations')[0]?.body).not.toHaveProperty('guests');
    expect(quoteUrls(fetchMock)).toEqual(['start=2027-03-10&end=2027-03-12']);
  });
});

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { KitchenDay, KitchenStay } from '../../../../shared/schemas/operations.js';
import {
  atPhoneWidth,
  callsTo,
  facilityInfo,
  mockApi,
  region,
  renderPageAt,
  testAdmin,
  type FakeRequest,
  type FakeRoutes,
} from '@/test/utils.js';
import { cardFields, rowTexts } from '@/test/screen-texts.js';
import { RANGE_TOO_LONG, TO_BEFORE_FROM } from '../kitchen.js';
import { kitchenDaysFailed, noMeals } from './KitchenDays.js';
import { noGroups } from './KitchenStays.js';

const TODAY = '2028-03-10';

const noDiets = { vegetarian: 0, vegan: 0, glutenFree: 0, dairyFree: 0, nutAllergy: 0 };

/** GET /api/admin/kitchen as the server answers it: one day per day of the range. */
function daysOf(req: FakeRequest): KitchenDay[] {
  const q = new URL(req.url, 'http://localhost').searchParams;
  const days: KitchenDay[] = [];
  for (let d = q.get('from')!; d <= q.get('to')!;) {
    const eats = d === '2028-03-11' || d === '2028-03-12';
    days.push({
      date: d,
      breakfast: d === '2028-03-12' ? 24 : 0,
      lunch: eats ? 24 : 0,
      dinner: d === '2028-03-11' ? 24 : 0,
      diets: eats ? { ...noDiets, vegetarian: 3, nutAllergy: 1 } : noDiets,
    });
    d = new Date(Date.parse(`${d}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  }
  return days;
}

const springRetreat: KitchenStay = {
  id: 12,
  eventName: 'Spring retreat',
  accountName: 'Grace Church',
  firstDay: '2028-03-11',
  lastDay: '2028-03-12',
  guests: 24,
  finalCount: true,
  answers: 'sent',
  mealPlan: 'Full board',
  arrivalTime: '16:30',
  diets: { ...noDiets, vegetarian: 3, nutAllergy: 1 },
  dietNotes: 'One guest carries an epipen.\nNo peanuts in the kitchen.',
};

function setup(routes: FakeRoutes = {}) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(`${TODAY}T12:00:00.000Z`));
  return mockApi(
    {
      'GET /api/facility/info': facilityInfo('UTC'),
      'GET /api/admin/kitchen': (req) => ({ body: daysOf(req) }),
      'GET /api/admin/kitchen/stays': { body: [springRetreat] },
      ...routes,
    },
    { user: testAdmin },
  );
}

const asked = (fetchMock: ReturnType<typeof mockApi>, key: string) =>
  callsTo(fetchMock, key).map((r) =>
    Object.fromEntries(new URL(r.url, 'http://localhost').searchParams),
  );

const pdfLink = () => screen.getByRole('link', { name: 'Print PDF' });

describe('admin kitchen page', () => {
  it("shows a week's meals from today and the groups eating, with a PDF of the same days", async () => {
    const fetchMock = setup();
    await renderPageAt('/admin/kitchen', 'Kitchen');
    expect(screen.getByLabelText('From')).toHaveValue(TODAY);
    expect(screen.getByLabelText('To')).toHaveValue('2028-03-16');
    const days = await within(region('Meals by day')).findByRole('table');
    expect(rowTexts(days).slice(0, 3)).toEqual([
      ['Friday, March 10, 2028', '0', '0', '0', 'None'],
      ['Saturday, March 11, 2028', '0', '24', '24', 'Vegetarian: 3, Nut allergy: 1'],
      ['Sunday, March 12, 2028', '24', '24', '0', 'Vegetarian: 3, Nut allergy: 1'],
    ]);
    expect(rowTexts(days)).toHaveLength(7);
    expect(pdfLink()).toHaveAttribute(
      'href',
      '/api/admin/kitchen.pdf?from=2028-03-10&to=2028-03-16',
    );

    const groups = await within(region('Groups')).findAllByRole('listitem');
    expect(within(groups[0]!).getByRole('heading', { level: 3 })).toHaveTextContent(
      'Spring retreat',
    );
    await waitFor(() => expect(cardFields(groups[0]!).Meals).toBe('Full board'));
    expect(cardFields(groups[0]!)).toEqual({
      Church: 'Grace Church',
      Dates: '2028-03-11 to 2028-03-12',
      Guests: '24 (final count)',
      Meals: 'Full board',
      Questionnaire: 'Sent by the group',
      Arrival: '16:30',
      Diets: 'Vegetarian: 3, Nut allergy: 1',
      'Diet notes': 'One guest carries an epipen.\nNo peanuts in the kitchen.',
    });
    const range = { from: TODAY, to: '2028-03-16' };
    expect(asked(fetchMock, 'GET /api/admin/kitchen')).toEqual([range]);
    expect(asked(fetchMock, 'GET /api/admin/kitchen/stays')).toEqual([range]);
  });

  it('follows the range of the address and its changes, the PDF link too', async () => {
    const fetchMock = setup();
    const { router } = await renderPageAt(
      '/admin/kitchen?from=2028-03-11&to=2028-03-12',
      'Kitchen',
    );
    const days = await within(region('Meals by day')).findByRole('table');
    expect(rowTexts(days).map((r) => r[0])).toEqual([
      'Saturday, March 11, 2028',
      'Sunday, March 12, 2028',
    ]);
    expect(pdfLink()).toHaveAttribute(
      'href',
      '/api/admin/kitchen.pdf?from=2028-03-11&to=2028-03-12',
    );

    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2028-03-13' } });
    await waitFor(() =>
      expect(rowTexts(within(region('Meals by day')).getByRole('table'))).toHaveLength(3),
    );
    expect(router.state.location.search).toBe('?from=2028-03-11&to=2028-03-13');
    expect(pdfLink()).toHaveAttribute(
      'href',
      '/api/admin/kitchen.pdf?from=2028-03-11&to=2028-03-13',
    );
    expect(asked(fetchMock, 'GET /api/admin/kitchen').at(-1)).toEqual({
      from: '2028-03-11',
      to: '2028-03-13',
    });
  });

  it.each([
    ['ends before it starts', '?from=2028-04-05&to=2028-04-01', TO_BEFORE_FROM],
    ['is longer than the server answers for', '?from=2028-01-01&to=2029-01-01', RANGE_TOO_LONG],
    ['has no last day', '?from=2028-04-05&to=', 'Give the last day.'],
  ])('refuses a range that %s without asking the server', async (_, search, text) => {
    const fetchMock = setup();
    await renderPageAt(`/admin/kitchen${search}`, 'Kitchen');
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.getByLabelText('To')).toHaveAccessibleDescription(text);
    expect(screen.getByText('Choose a valid range to see the meals.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Print PDF' })).not.toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET /api/admin/kitchen')).toHaveLength(0);
    expect(callsTo(fetchMock, 'GET /api/admin/kitchen/stays')).toHaveLength(0);
  });

  it('says so while loading, when nobody eats, and when a list could not be loaded', async () => {
    let answer: (reply: { body: KitchenDay[] }) => void = () => {};
    setup({
      'GET /api/admin/kitchen': () => new Promise((resolve) => (answer = resolve)),
      'GET /api/admin/kitchen/stays': { status: 500 },
    });
    await renderPageAt('/admin/kitchen?from=2028-05-01&to=2028-05-01', 'Kitchen');
    expect(await within(region('Meals by day')).findByText('Loading the meals...')).toBeVisible();
    expect(
      await within(region('Groups')).findByText('Could not load the groups of these days.'),
    ).toBeInTheDocument();
    answer({ body: [{ date: '2028-05-01', breakfast: 0, lunch: 0, dinner: 0, diets: noDiets }] });
    expect(await within(region('Meals by day')).findByText(noMeals)).toBeInTheDocument();
  });

  it('says so when the meals could not be loaded and when no group eats', async () => {
    setup({
      'GET /api/admin/kitchen': { status: 500 },
      'GET /api/admin/kitchen/stays': { body: [] },
    });
    await renderPageAt('/admin/kitchen', 'Kitchen');
    expect(await within(region('Meals by day')).findByText(kitchenDaysFailed)).toBeInTheDocument();
    expect(await within(region('Groups')).findByText(noGroups)).toBeInTheDocument();
  });

  it('shows each day as a card on a phone, every meal labelled', async () => {
    atPhoneWidth({ width: 360, height: 740 });
    setup();
    await renderPageAt('/admin/kitchen?from=2028-03-11&to=2028-03-11', 'Kitchen');
    const list = await within(region('Meals by day')).findByRole('list', { name: 'Meals by day' });
    expect(within(list).getAllByRole('listitem').map(cardFields)).toEqual([
      {
        Day: 'Saturday, March 11, 2028',
        Breakfast: '0',
        Lunch: '24',
        Dinner: '24',
        Diets: 'Vegetarian: 3, Nut allergy: 1',
      },
    ]);
  });
});

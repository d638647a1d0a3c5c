import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { contentOf, openEditor, putBodies, siteServer } from '../site.testing.js';
import { PRICES_APPLY_TO_NEW_STAYS } from './preview/Summaries.js';

type Pricing = { group: Record<string, unknown> & { mealPlans: Record<string, unknown>[] } };

describe('the prices', () => {
  it('shows cents as money, and publishes what is typed in units as cents', async () => {
    const fetchMock = siteServer();
    await openEditor('pricing');
    const user = userEvent.setup();
    const night = screen.getByRole('textbox', { name: 'Price per person per night' });
    expect(night).toHaveValue('65.00');
    expect(night).toHaveAccessibleDescription(expect.stringContaining('An amount in USD'));
    const plans = screen.getByRole('group', { name: 'Meal plan 2: Breakfast and dinner' });
    expect(within(plans).getByRole('textbox', { name: 'Price per person per day' })).toHaveValue(
      '24.00',
    );
    await user.clear(night);
    await user.type(night, '72.5');
    const dayUse = screen.getByRole('textbox', {
      name: 'Price per person for a day without a night',
    });
    await user.clear(dayUse);
    await user.type(dayUse, '0.29');

    await user.click(screen.getByRole('button', { name: 'Preview' }));
    const preview = await screen.findByRole('region', { name: 'Preview' });
    expect(preview).toHaveTextContent(
      '$72.50 per person per night; $0.29 per person for a day without a night.',
    );
    expect(preview).toHaveTextContent('Breakfast and dinner: $24.00 per person per day.');
    expect(preview).toHaveTextContent(
      'A deposit of 25% of the price confirms the dates. It is due 7 days after the house approves the stay, and it is kept by the house when the group cancels.',
    );
    expect(preview).toHaveTextContent('The balance is due 14 days before the first day.');
    expect(preview).toHaveTextContent(
      'The group gives its final number of guests until 21 days before the first day.',
    );
    expect(preview).toHaveTextContent(
      'Cancelled 30 days or more before the first day: 100% of what was paid is refunded.',
    );
    expect(preview).toHaveTextContent('Cancelled later: nothing is refunded.');
    expect(preview).toHaveTextContent(PRICES_APPLY_TO_NEW_STAYS);
    await user.click(within(preview).getByRole('button', { name: 'Publish' }));
    await screen.findByText('Published as version 3.');

    const expected = contentOf<Pricing>('pricing');
    expected.group.perPersonNightCents = 7250;
    expected.group.dayUsePerPersonCents = 29;
    expect(putBodies(fetchMock, 'pricing')).toEqual([expected]);
    expect(screen.getByRole('textbox', { name: 'Price per person per night' })).toHaveValue(
      '72.50',
    );
  });

  it('leaves out a part taken away with its checkbox, and adds it back empty', async () => {
    const fetchMock = siteServer();
    await openEditor('pricing');
    const user = userEvent.setup();
    const deposit = screen.getByRole('checkbox', { name: 'Ask for a deposit' });
    expect(deposit).toBeChecked();
    expect(screen.getByRole('textbox', { name: 'Deposit (% of the price)' })).toHaveValue('25');
    await user.click(deposit);
    expect(screen.queryByRole('group', { name: 'Deposit' })).toBeNull();
    expect(deposit).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Preview' }));
    const preview = await screen.findByRole('region', { name: 'Preview' });
    expect(preview).toHaveTextContent('No deposit: the dates are confirmed by the first payment.');
    await user.click(within(preview).getByRole('button', { name: 'Publish' }));
    await screen.findByText('Published as version 3.');
    const [body] = putBodies(fetchMock, 'pricing') as Pricing[];
    expect(body!.group).not.toHaveProperty('deposit');

    await user.click(screen.getByRole('checkbox', { name: 'Ask for a deposit' }));
    const percent = screen.getByRole('textbox', { name: 'Deposit (% of the price)' });
    expect(percent).toHaveValue('');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByRole('alert', { name: /^Not ready to publish/ })).toHaveTextContent(
      'Prices per guest › Deposit › Deposit (% of the price): Fill this in.',
    );
  });

  it('chooses the meals of a plan with checkboxes', async () => {
    const fetchMock = siteServer();
    await openEditor('pricing');
    const user = userEvent.setup();
    const plan = screen.getByRole('group', { name: 'Meal plan 2: Breakfast and dinner' });
    const meals = within(plan).getByRole('group', { name: 'Meals on a full day' });
    expect(within(meals).getByRole('checkbox', { name: 'Lunch' })).not.toBeChecked();
    await user.click(within(meals).getByRole('checkbox', { name: 'Lunch' }));
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    await user.click(
      within(await screen.findByRole('region', { name: 'Preview' })).getByRole('button', {
        name: 'Publish',
      }),
    );
    await screen.findByText('Published as version 3.');
    const [body] = putBodies(fetchMock, 'pricing') as Pricing[];
    expect(body!.group.mealPlans[1]!.meals).toEqual(['breakfast', 'lunch', 'dinner']);
  });
});

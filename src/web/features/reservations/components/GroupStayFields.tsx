import { NativeSelect, NumberInput, SimpleGrid } from '@mantine/core';
import type { GroupPricing } from '../../../../shared/schemas/pricing.js';
import { formatMoney } from '../../../../shared/pricing.js';
import type { BoundField } from '@/components/forms/useSchemaForm.js';

export interface GroupStayFieldsProps {
  group: GroupPricing;
  currency: string;
  guests: BoundField;
  mealPlan: BoundField;
}

/**
 * "Groups of 12 to 40; a smaller group is billed for 12. Left empty, the stay
 * is priced for the house's minimum of 12 guests." The field is optional
 * (docs/product.md §5).
 */
export const guestsDescription = (group: Pick<GroupPricing, 'minimumGuests' | 'maximumGuests'>) =>
  `Groups of ${group.minimumGuests} to ${group.maximumGuests}; a smaller group is billed for ${group.minimumGuests}. ` +
  `Left empty, the stay is priced for the house's minimum of ${group.minimumGuests} guests.`;

/**
 * A group's expected guests and meal plan on the New Reservation form
 * (docs/money.md, "Group pricing"): side by side, or one under the other on a phone.
 */
export function GroupStayFields({ group, currency, guests, mealPlan }: GroupStayFieldsProps) {
  const money = (cents: number) => formatMoney(cents, currency);
  return (
    // Side by side, the two boxes line up at the bottom under the guests' longer description.
    <SimpleGrid cols={{ base: 1, sm: 2 }} style={{ alignItems: 'end' }}>
      <NumberInput
        {...guests}
        label="Expected guests"
        description={guestsDescription(group)}
        min={1}
        max={group.maximumGuests}
        allowDecimal={false}
        allowNegative={false}
        clampBehavior="none"
        hideControls
        // A number once typed; kept as text, as the form holds it.
        onChange={(value) => guests.onChange(String(value))}
      />
      <NativeSelect
        {...mealPlan}
        label="Meals"
        data={[
          { value: '', label: 'No meals' },
          ...group.mealPlans.map((plan) => ({
            value: plan.id,
            label: `${plan.label} (${money(plan.perPersonDayCents)} per person per day)`,
          })),
        ]}
      />
    </SimpleGrid>
  );
}

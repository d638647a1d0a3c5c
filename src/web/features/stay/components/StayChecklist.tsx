import { Anchor, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { longDate } from '../../../../shared/dates.js';
import type { ChecklistItemName } from '../../../../shared/schemas/questionnaire.js';
import { CHECKLIST_LABELS } from '../../../../shared/stay-checklist.js';
import { paths } from '@/app/paths.js';
import { RouterAnchor } from '@/components/RouterAnchor.js';
import { errorMessage } from '@/lib/api/client.js';
import { useHouseToday } from '@/lib/api/houseToday.js';
import { checklistQuery, type ChecklistItem } from '../api/stay.js';
import { StaySection } from './StaySection.js';

export const CHECKLIST_LOAD_FAILED = 'The checklist could not be loaded just now.';

/** Where each open item is done: the Payments page, or a section of this page. */
const PAYMENTS_LINKS: Partial<Record<ChecklistItemName, string>> = {
  agreement: 'Sign it on the Payments page',
  deposit: 'Pay it on the Payments page',
  balance: 'Pay it on the Payments page',
};
const SECTION_LINKS: Partial<Record<ChecklistItemName, { href: string; text: string }>> = {
  questionnaire: { href: '#questionnaire', text: 'Go to the questionnaire' },
  insurance: { href: '#insurance', text: 'Go to the insurance certificates' },
};

/** What the house sees of a payment item; the church does it on its own Payments page. */
const STAFF_NOTE = 'The church does this on its Payments page.';

/** Done, overdue (its due day has passed) or still to do, in words, never in colour alone. */
function stateOf(item: ChecklistItem, today: string) {
  if (item.done) return { text: 'Done', color: 'teal' };
  if (item.dueDate !== null && today > item.dueDate) return { text: 'Overdue', color: 'red' };
  return { text: 'To do', color: 'gray' };
}

function ItemAction({
  item,
  reservationId,
  staff,
}: {
  item: ChecklistItem;
  reservationId: number;
  staff: boolean;
}) {
  const section = SECTION_LINKS[item.item];
  if (section) {
    return (
      <Anchor href={section.href} size="sm">
        {section.text}
      </Anchor>
    );
  }
  const payments = PAYMENTS_LINKS[item.item];
  if (!payments) return null;
  if (staff) return <Text size="sm">{STAFF_NOTE}</Text>;
  return (
    <RouterAnchor to={`${paths.accountPayments}?stay=${reservationId}`} size="sm">
      {payments}
    </RouterAnchor>
  );
}

/**
 * The stay's checklist (docs/stays.md, "The checklist"): each item in
 * plain words, its due day, whether it is done, and where to do it.
 */
export function StayChecklist({ reservationId, staff }: { reservationId: number; staff: boolean }) {
  const checklist = useQuery(checklistQuery(reservationId));
  const today = useHouseToday();
  let content;
  if (checklist.isPending) content = <Text>Loading the checklist...</Text>;
  else if (checklist.isError) {
    content = (
      <Text role="alert" c="red.9">
        {errorMessage(checklist.error, CHECKLIST_LOAD_FAILED)}
      </Text>
    );
  } else if (checklist.data.length === 0) content = <Text>The house needs nothing more.</Text>;
  else {
    content = (
      <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
        {checklist.data.map((item) => {
          const state = stateOf(item, today);
          return (
            <Paper component="li" key={item.item} withBorder p="sm">
              <Text fw={600}>{CHECKLIST_LABELS[item.item]}</Text>
              <Group gap="xs" mt={4}>
                <Badge color={state.color} variant="light" style={{ textTransform: 'none' }}>
                  {state.text}
                </Badge>
                <Text size="sm">
                  {item.dueDate ? `Due by ${longDate(item.dueDate)}` : 'No due date'}
                </Text>
              </Group>
              {item.done ? null : (
                <Stack mt={4} gap={0}>
                  <ItemAction item={item} reservationId={reservationId} staff={staff} />
                </Stack>
              )}
            </Paper>
          );
        })}
      </Stack>
    );
  }
  return (
    <StaySection id="checklist" title="Checklist">
      <Text size="sm">
        {staff
          ? 'What the house still needs from this group, and by when.'
          : 'What the house needs from your group before the stay, and by when.'}
      </Text>
      {content}
    </StaySection>
  );
}

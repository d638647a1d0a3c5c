import { List, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { ArrivalContent } from '../../../../../shared/schemas/arrival.js';
import type { AgreementContent } from '../../../../../shared/schemas/agreement.js';
import type { Room } from '../../../../../shared/schemas/questionnaire.js';
import { CardsOrTable } from '@/components/cards/CardsOrTable.js';
import {
  cancellationLines,
  dayPriceLines,
  guestPriceLines,
  mealLines,
  paymentLines,
  type PricingContent,
} from './pricing-sentences.js';

const wrap = { overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' } as const;

function Part({ title, lines }: { title: string; lines: readonly string[] }) {
  if (lines.length === 0) return null;
  return (
    <Stack gap={4}>
      <Title order={3} size="h4">
        {title}
      </Title>
      <List spacing={4} size="sm">
        {lines.map((line, i) => (
          <List.Item key={i} style={wrap}>
            {line}
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}

/** The prices, meals, deposit, due days and refunds, in sentences with the money written out. */
/** What a change of prices does to the stays already asked for (docs/site-content.md, "Live"). */
export const PRICES_APPLY_TO_NEW_STAYS =
  'New prices and rules apply to quotes and requests made after you publish. Stays already requested keep their price, and a group that accepted the agreement keeps the deposit and cancellation rules it accepted.';

export function PricingSummary({
  pricing,
  currency,
}: {
  pricing: PricingContent;
  currency: string;
}) {
  return (
    <Stack gap="md">
      <Part
        title="Prices"
        lines={[...(guestPriceLines(pricing, currency) ?? []), ...dayPriceLines(pricing, currency)]}
      />
      <Part title="Meals" lines={mealLines(pricing)} />
      <Part title="Deposit, balance and final count" lines={paymentLines(pricing)} />
      <Part title="Cancellation" lines={cancellationLines(pricing)} />
      <Text size="sm">{PRICES_APPLY_TO_NEW_STAYS}</Text>
    </Stack>
  );
}

function Line({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Text size="sm" style={wrap}>
      <Text span fw={700} size="sm">
        {label}:
      </Text>{' '}
      {children}
    </Text>
  );
}

/** The arrival information as a group reads it in the mail before its stay. */
export function ArrivalSummary({ arrival }: { arrival: ArrivalContent }) {
  return (
    <Stack gap="xs">
      <Line label="Arrival">{arrival.arrivalTime}</Line>
      <Line label="Departure">{arrival.departureTime}</Line>
      <Line label="Keys">{arrival.keys}</Line>
      {arrival.parking ? <Line label="Parking">{arrival.parking}</Line> : null}
      {arrival.whatToBring.length > 0 ? (
        <div>
          <Text size="sm" fw={700}>
            What to bring:
          </Text>
          <List size="sm" spacing={2}>
            {arrival.whatToBring.map((item, i) => (
              <List.Item key={i} style={wrap}>
                {item}
              </List.Item>
            ))}
          </List>
        </div>
      ) : null}
      {arrival.contact ? <Line label="Contact">{arrival.contact}</Line> : null}
      {arrival.notes ? (
        <Text size="sm" style={wrap}>
          {arrival.notes}
        </Text>
      ) : null}
    </Stack>
  );
}

/** The agreement as a group's leader reads it before accepting. */
export function AgreementSummary({ agreement }: { agreement: AgreementContent }) {
  return (
    <Stack gap="xs">
      <Title order={3} size="h4" style={wrap}>
        {agreement.title}
      </Title>
      <Text size="sm" c="dimmed">
        Version {agreement.version}
      </Text>
      {agreement.paragraphs.map((paragraph, i) => (
        <Text key={i} size="sm" style={wrap}>
          {paragraph}
        </Text>
      ))}
    </Stack>
  );
}

/** The bedrooms and their beds, with the total. */
export function RoomsSummary({ rooms }: { rooms: readonly Room[] }) {
  if (rooms.length === 0)
    return <Text size="sm">No bedrooms: the rooming board of a stay has none to fill.</Text>;
  const beds = rooms.reduce((sum, r) => sum + r.beds, 0);
  return (
    <Stack gap="xs">
      <Text size="sm">{`${rooms.length === 1 ? '1 bedroom' : `${rooms.length} bedrooms`}, ${beds === 1 ? '1 bed' : `${beds} beds`} in all.`}</Text>
      <CardsOrTable
        label="Bedrooms"
        items={rooms}
        columns={[
          { label: 'Room', cell: (r) => r.name },
          { label: 'Beds', cell: (r) => r.beds },
          { label: 'Id', cell: (r) => r.id },
        ]}
      />
    </Stack>
  );
}

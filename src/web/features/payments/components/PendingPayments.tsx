import { Accordion, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { inclusiveDayCount } from '../../../../shared/dates.js';
import { formatMoney } from '../../../../shared/pricing.js';
import type { Reservation } from '../../../../shared/schemas/reservations.js';
import { reservationDates } from '../format.js';
import { PaymentFrame } from './PaymentFrame.js';

export const AWAITING_APPROVAL = 'Awaiting approval';
export const AWAITING_APPROVAL_NOTE =
  'Awaiting approval: you can pay now; if the house does not approve the request, your payment is refunded.';

/**
 * 'Pending Payments' (docs/product.md §2): one panel per reservation that holds its days
 * and is not paid, with the amount owed (its price, fixed when requested);
 * opening a panel frames the card form.
 */
export function PendingPayments({ reservations }: { reservations: Reservation[] }) {
  const [open, setOpen] = useState<string[]>([]);
  return (
    <section aria-labelledby="pending-payments-heading">
      <Title order={2} size="h3" id="pending-payments-heading" mb="sm">
        Pending Payments
      </Title>
      {reservations.length === 0 ? (
        <Text>You have no pending payments.</Text>
      ) : (
        <Accordion multiple value={open} onChange={setOpen} variant="separated">
          {reservations.map((r) => {
            const days = inclusiveDayCount(r.startTime, r.endTime);
            const amount = formatMoney(r.priceCents, r.currency);
            const awaiting = r.status === 'pending';
            const value = String(r.id);
            return (
              <Accordion.Item key={r.id} value={value}>
                <Accordion.Control>
                  <Text component="span" display="block" fw={600}>
                    Pay for: {r.eventName}
                  </Text>
                  <Text component="span" display="block" size="sm" c="dimmed">
                    {`${reservationDates(r)} · ${days} ${days === 1 ? 'day' : 'days'} · ${amount}`}
                    {awaiting ? ` · ${AWAITING_APPROVAL}` : ''}
                  </Text>
                </Accordion.Control>
                <Accordion.Panel>
                  {awaiting ? (
                    <Text size="sm" mb="sm">
                      {AWAITING_APPROVAL_NOTE}
                    </Text>
                  ) : null}
                  {open.includes(value) ? (
                    <PaymentFrame reservationId={r.id} eventName={r.eventName} />
                  ) : null}
                </Accordion.Panel>
              </Accordion.Item>
            );
          })}
        </Accordion>
      )}
    </section>
  );
}

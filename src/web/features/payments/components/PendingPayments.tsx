import { Accordion, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { inclusiveDayCount } from '../../../../shared/dates.js';
import { formatMoney } from '../../../../shared/pricing.js';
import type { Reservation } from '../../../../shared/schemas/reservations.js';
import { reservationDates } from '../format.js';
import { stayMoney } from '../stay-money.js';
import { StayPayment } from './StayPayment.js';

export const AWAITING_APPROVAL = 'Awaiting approval';
export const AWAITING_APPROVAL_NOTE =
  'Awaiting approval: you can pay now; if the house does not approve the request, your payment is refunded.';

/** A panel's summary: dates, days, the price, and what is still owed once something is paid. */
function summary(r: Reservation): string {
  const days = inclusiveDayCount(r.startTime, r.endTime);
  const price = formatMoney(r.priceCents, r.currency);
  const { owedCents, netCents } = stayMoney(r);
  const owed = netCents > 0 ? ` · ${formatMoney(owedCents, r.currency)} still owed` : '';
  const awaiting = r.status === 'pending' ? ` · ${AWAITING_APPROVAL}` : '';
  return `${reservationDates(r)} · ${days} ${days === 1 ? 'day' : 'days'} · ${price}${owed}${awaiting}`;
}

/**
 * 'Pending Payments' (docs/product.md §2): one panel per reservation that holds
 * its days and still owes money, also after its deposit or a larger final
 * count; opening a panel shows its money and the payments it may take. The
 * stay named by `?stay=` (the stay page's links) starts open.
 */
export function PendingPayments({ reservations }: { reservations: Reservation[] }) {
  const [params] = useSearchParams();
  const [open, setOpen] = useState<string[]>(() => {
    const asked = params.get('stay');
    return reservations.some((r) => String(r.id) === asked) ? [asked!] : [];
  });
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
            const value = String(r.id);
            return (
              <Accordion.Item key={r.id} value={value}>
                <Accordion.Control>
                  <Text component="span" display="block" fw={600}>
                    Pay for: {r.eventName}
                  </Text>
                  <Text component="span" display="block" size="sm" c="dimmed">
                    {summary(r)}
                  </Text>
                </Accordion.Control>
                <Accordion.Panel>
                  {r.status === 'pending' ? (
                    <Text size="sm" mb="sm">
                      {AWAITING_APPROVAL_NOTE}
                    </Text>
                  ) : null}
                  {open.includes(value) ? (
                    // A payment changes what may be paid next: the panel starts again.
                    <StayPayment
                      key={`${r.paidCents}-${r.refundedCents}-${r.priceCents}`}
                      reservation={r}
                    />
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

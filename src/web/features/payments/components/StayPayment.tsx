import { Button, Group, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Reservation } from '../../../../shared/schemas/reservations.js';
import { facilityAgreementQuery } from '../api/agreement.js';
import { payOptions, type CheckoutPart } from '../stay-money.js';
import { AgreementDialog } from './AgreementDialog.js';
import { PaymentFrame } from './PaymentFrame.js';
import { StayFacts, type AcceptedAgreement } from '@/components/StayFacts.js';

/**
 * One stay to pay (docs/money.md): its money, a button per payment it may
 * take now (the deposit, the balance or all of it), and the card form of the
 * one pressed. The house's facility agreement comes first while the stay has
 * none: pressing a button opens it, and so does the checkout's refusal
 * (`agreement_required`); once accepted, the payment goes on.
 */
export function StayPayment({ reservation: r }: { reservation: Reservation }) {
  const agreement = useQuery(facilityAgreementQuery);
  /** Accepted on this screen: its record, or null when it had been accepted before. */
  const [acceptedHere, setAcceptedHere] = useState<{ record: AcceptedAgreement | null } | null>(
    null,
  );
  const [part, setPart] = useState<CheckoutPart | null>(null);
  /** The agreement's dialog, open for the payment pressed. */
  const [asking, setAsking] = useState<CheckoutPart | null>(null);
  const accepted = r.agreement ?? acceptedHere?.record ?? null;
  const hasAgreement = r.agreement !== null || acceptedHere !== null;

  function choose(next: CheckoutPart) {
    // Unknown yet (still loading, or not loaded): the checkout says whether it is needed.
    if (!hasAgreement && agreement.data) setAsking(next);
    else setPart(next);
  }

  return (
    <Stack gap="sm">
      <StayFacts
        reservation={r}
        accepted={accepted}
        agreementAsked={Boolean(agreement.data) && !hasAgreement}
      />
      <Group gap="xs">
        {payOptions(r).map((option) => (
          <Button
            key={option.part}
            variant={part === option.part ? 'filled' : 'light'}
            onClick={() => choose(option.part)}
          >
            {option.label}
          </Button>
        ))}
      </Group>
      {part ? (
        <PaymentFrame
          key={part}
          reservationId={r.id}
          eventName={r.eventName}
          part={part}
          onAgreementRequired={() => {
            setPart(null);
            setAsking(part);
          }}
        />
      ) : null}
      {asking ? (
        <AgreementDialog
          reservation={r}
          onAccepted={(record) => {
            setAcceptedHere({ record });
            setAsking(null);
            setPart(asking);
          }}
          onClose={() => setAsking(null)}
        />
      ) : null}
    </Stack>
  );
}

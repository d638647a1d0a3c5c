import { Alert, Box, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, type FormEvent } from 'react';
import { acceptAgreementBody } from '../../../../shared/schemas/agreement.js';
import type { Reservation } from '../../../../shared/schemas/reservations.js';
import { hasErrorCode } from '@/lib/api/client.js';
import { BusyModal } from '@/components/BusyModal.js';
import { CenteredLoader } from '@/components/CenteredLoader.js';
import { DialogButtons } from '@/components/forms/DialogButtons.js';
import { FormAlert } from '@/components/forms/FormAlert.js';
import { useServerErrors } from '@/components/forms/server-errors.js';
import { useSchemaForm } from '@/components/forms/useSchemaForm.js';
import { useIsPhone } from '@/components/useIsPhone.js';
import {
  stayAgreementQuery,
  useAcceptAgreement,
  type AgreementAcceptance,
} from '../api/agreement.js';

export const AGREEMENT_TITLE = 'Facility agreement';
export const AGREEMENT_LOAD_FAILED =
  'The facility agreement could not be loaded. Please try again later.';
export const STAY_TERMS_TITLE = 'Terms of this stay, as requested';
export const AGREEMENT_ACCEPT_FAILED =
  'The agreement could not be accepted. Please try again later.';

export interface AgreementDialogProps {
  reservation: Pick<Reservation, 'id' | 'eventName'>;
  /** Accepted now (its record), or already before (null): the payment goes on. */
  onAccepted: (acceptance: AgreementAcceptance | null) => void;
  onClose: () => void;
}

/**
 * The house's facility agreement for one stay (docs/money.md, "The facility
 * agreement"): its title and text in a scrolling box, the stay's own deposit
 * and cancellation terms (those it was requested with), the leader's full
 * name and "I accept". A phone gets the whole screen.
 */
export function AgreementDialog({ reservation, onAccepted, onClose }: AgreementDialogProps) {
  const content = useQuery(stayAgreementQuery(reservation.id));
  const accept = useAcceptAgreement(reservation.id);
  const form = useSchemaForm(acceptAgreementBody, { fullName: '' });
  const alreadyAccepted = hasErrorCode(accept.error, 'agreement_already_accepted');
  const failure = useServerErrors(form, accept.error, AGREEMENT_ACCEPT_FAILED);
  const phone = useIsPhone();
  const agreement = content.data;
  // The text takes the focus once it has loaded (after the dialog opened), so the keys scroll it.
  const textBox = useRef<HTMLDivElement>(null);
  const loaded = Boolean(agreement);
  useEffect(() => {
    if (loaded) textBox.current?.focus();
  }, [loaded]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const values = form.validate();
    if (!values) return;
    accept.mutate(values, {
      onSuccess: (acceptance) => onAccepted(acceptance),
      // Accepted before (on another screen or tab): the payment goes on.
      onError: (error) => {
        if (hasErrorCode(error, 'agreement_already_accepted')) onAccepted(null);
      },
    });
  }

  let body;
  if (content.isPending) {
    body = <CenteredLoader label="Loading the agreement..." />;
  } else if (!agreement) {
    body = <Alert color="red">{AGREEMENT_LOAD_FAILED}</Alert>;
  } else {
    body = (
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <Text size="sm">
            {`Version ${agreement.version}, for "${reservation.eventName}". Read it, then type your full name to accept it for your group before paying.`}
          </Text>
          {/* The text scrolls in its own box; it takes the focus, so the keys scroll it. */}
          <Box
            role="region"
            aria-label="Text of the agreement"
            tabIndex={0}
            data-autofocus
            ref={textBox}
            p="sm"
            style={{
              maxHeight: phone ? '50dvh' : 320,
              overflowY: 'auto',
              border: '1px solid var(--mantine-color-gray-4)',
              borderRadius: 'var(--mantine-radius-sm)',
            }}
          >
            <Stack gap="sm">
              {agreement.paragraphs.map((paragraph, i) => (
                <Text key={i} size="sm">
                  {paragraph}
                </Text>
              ))}
            </Stack>
          </Box>
          {/* The stay's own terms, fixed with its price when it was requested. */}
          <Stack gap={4}>
            <Text size="sm" fw={600}>
              {STAY_TERMS_TITLE}
            </Text>
            <Text size="sm">{`Deposit: ${agreement.terms.depositTerms}`}</Text>
            <Text size="sm">{`Cancellation: ${agreement.terms.cancellationTerms}`}</Text>
          </Stack>
          <FormAlert>{alreadyAccepted ? null : failure}</FormAlert>
          <TextInput
            label="Your full name"
            description="Typing your name signs the agreement for your group."
            required
            autoComplete="name"
            maxLength={200}
            {...form.bind('fullName')}
          />
          <DialogButtons busy={accept.isPending} onBack={onClose}>
            I accept
          </DialogButtons>
        </Stack>
      </form>
    );
  }

  return (
    <BusyModal
      busy={accept.isPending}
      onClose={onClose}
      title={agreement?.title ?? AGREEMENT_TITLE}
      size="lg"
      fullScreen={phone}
    >
      {body}
    </BusyModal>
  );
}

import { Alert, Box, Button, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { errorMessage, hasErrorCode } from '@/lib/api/client.js';
import { CenteredLoader } from '@/components/CenteredLoader.js';
import { checkoutQuery } from '../api/payments.js';
import type { CheckoutPart } from '../stay-money.js';
import { EMBED_FALLBACK_MS, initFramesFallback, loadEmbedScript, mountFrames } from '../embed.js';

export const CHECKOUT_FAILED = 'The payment form could not be opened. Please try again later.';

/**
 * The provider's card form for the deposit or the balance of one reservation.
 * Rendered once its button is pressed: that asks the server where to pay. A
 * refusal until the facility agreement is accepted is handed to
 * `onAgreementRequired` (docs/money.md).
 */
export function PaymentFrame({
  reservationId,
  eventName,
  part,
  onAgreementRequired,
}: {
  reservationId: number;
  eventName: string;
  part: CheckoutPart;
  onAgreementRequired: () => void;
}) {
  const checkout = useQuery(checkoutQuery(reservationId, part));
  const agreementRequired = hasErrorCode(checkout.error, 'agreement_required');

  useEffect(() => {
    if (agreementRequired) onAgreementRequired();
    // Once per refusal: the callback is a new function on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [agreementRequired]);

  if (checkout.isPending) return <CenteredLoader label="Loading payment form..." />;
  if (agreementRequired) return null;
  if (checkout.isError) {
    return <Alert color="red">{errorMessage(checkout.error, CHECKOUT_FAILED)}</Alert>;
  }
  const data = checkout.data;
  if (data.kind === 'redirect') {
    // A hosted page cannot be framed: it opens in a new tab.
    return (
      <Box>
        <Text mb="xs">
          The card payment form opens on the payment provider&apos;s secure page in a new tab. Come
          back to this page when you have paid.
        </Text>
        <Button component="a" href={data.url} target="_blank" rel="noopener noreferrer">
          Pay for {eventName} securely
        </Button>
      </Box>
    );
  }
  return (
    <SandboxFrame
      url={data.url}
      scriptUrl={data.scriptUrl}
      title={`Card payment for ${eventName}`}
    />
  );
}

/**
 * The framed card form. The provider's script sets the frame's src (mount);
 * if it has not done so 1.5 s after the panel opened, the page does it itself.
 */
function SandboxFrame({
  url,
  scriptUrl,
  title,
}: {
  url: string;
  scriptUrl: string;
  title: string;
}) {
  const rootRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const root = rootRef.current;
    if (!root) return;
    let active = true;
    if (window.SandboxPay) mountFrames(root);
    loadEmbedScript(scriptUrl).then(
      () => {
        if (active) mountFrames(root);
      },
      () => {
        // The script is missing or broken: the fallback below starts the frame.
      },
    );
    const fallback = setTimeout(() => initFramesFallback(root), EMBED_FALLBACK_MS);
    return () => {
      active = false;
      clearTimeout(fallback);
    };
  }, [url, scriptUrl]);

  return (
    <Box ref={rootRef}>
      <iframe
        data-sandbox-pay-src={url}
        title={title}
        style={{ width: '100%', maxWidth: 480, height: 430, border: 0, display: 'block' }}
      />
    </Box>
  );
}

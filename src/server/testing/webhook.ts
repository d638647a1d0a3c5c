// The server tests' way to call the payments webhook: as the provider does, with
// no cookies and no CSRF header, the signature (if any) in the provider's header.
import type { FastifyInstance } from 'fastify';

export interface WebhookDelivery {
  contentType: string;
  /** The header the provider signs in: Stripe-Signature, or the sandbox's own. */
  signatureHeader: string;
  /** Undefined sends no signature header at all. */
  signature: string | undefined;
}

export function postToWebhook(app: FastifyInstance, payload: string, d: WebhookDelivery) {
  return app.inject({
    method: 'POST',
    url: '/api/payments/webhook',
    headers: {
      'content-type': d.contentType,
      ...(d.signature === undefined ? {} : { [d.signatureHeader]: d.signature }),
    },
    payload,
  });
}

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { formatMoney } from '../../shared/pricing.js';
import { errorResponse, sandboxChargeBody } from '../../shared/schemas/index.js';
import { AppError } from '../errors.js';
import type { PaymentsService } from '../modules/payments/service.js';
import { TEST_CARDS, type createSandboxProvider } from './sandbox.js';

const assets = path.join(path.dirname(fileURLToPath(import.meta.url)), 'sandbox-assets');
const asset = (name: string) => readFileSync(path.join(assets, name), 'utf8');

interface Options {
  sandbox: ReturnType<typeof createSandboxProvider>;
  payments: PaymentsService;
}

const frameQuery = z.object({
  reservationId: z.coerce.number().int().positive().max(2_147_483_647),
  number: z.coerce.number().int().positive().max(366),
  token: z.string().min(1).max(1000),
});

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** MM/YY, MM/YYYY or the four digits MMYY ("1230" is December 2030); the month and year, or null. */
export function parseExpiry(expiry: string): { month: number; year: number } | null {
  const m = /^\s*(\d{1,2})\s*\/?\s*(\d{2}|\d{4})\s*$/.exec(expiry);
  if (!m) return null;
  const month = Number(m[1]);
  const year = m[2]!.length === 2 ? 2000 + Number(m[2]) : Number(m[2]);
  return month >= 1 && month <= 12 ? { month, year } : null;
}

export function expiryIsFuture(expiry: string, now = new Date()): boolean {
  const parsed = parseExpiry(expiry);
  if (!parsed) return false;
  return parsed.year * 12 + parsed.month >= now.getUTCFullYear() * 12 + now.getUTCMonth() + 1;
}

/**
 * The sandbox provider's hosted pages under /pay: the card form the Payments
 * page frames, its scripts, and the charge endpoint, which on success delivers
 * a signed webhook to /api/payments/webhook exactly as a real provider would.
 */
export async function sandboxPages(app: FastifyInstance, opts: Options) {
  const formJs = asset('form.js');
  const embedJs = asset('embed.js');
  const formCss = asset('form.css');
  const r = app.withTypeProvider<ZodTypeProvider>();

  const script = (body: string) => (_req: unknown, reply: import('fastify').FastifyReply) =>
    reply
      .type('text/javascript; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      .send(body);
  app.get('/pay/embed.js', { schema: { hide: true } }, script(embedJs));
  app.get('/pay/sandbox/form.js', { schema: { hide: true } }, script(formJs));
  app.get('/pay/sandbox/form.css', { schema: { hide: true } }, (_req, reply) =>
    reply
      .type('text/css; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      .send(formCss),
  );

  r.get('/pay/sandbox', {
    schema: { hide: true, querystring: frameQuery },
    handler: async (request, reply) => {
      const { reservationId, number, token } = request.query;
      const page = (title: string, body: string) =>
        reply.type('text/html; charset=utf-8').header('cache-control', 'private, no-store')
          .send(`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<link rel="stylesheet" href="/pay/sandbox/form.css">
</head>
<body>
<main aria-labelledby="pay-title">
${body}
</main>
<script src="/pay/sandbox/form.js"></script>
</body>
</html>`);
      let claims;
      try {
        claims = await opts.payments.readCheckout(token, request.session?.user.id);
      } catch (err) {
        const message = err instanceof AppError ? err.message : 'This payment form is not valid.';
        reply.status(err instanceof AppError ? err.statusCode : 404);
        return page(
          'Payment form',
          `<h1 id="pay-title">Card payment (sandbox)</h1>\n<p class="status error" role="alert">${escapeHtml(message)}</p>`,
        );
      }
      const amount = formatMoney(claims.amountCents, claims.currency);
      const label = `Pay ${amount}`;
      return page(
        `Sandbox payment for reservation ${claims.reservationId}`,
        `<h1 id="pay-title">Card payment (sandbox)</h1>
<p class="amount">${number} day${number === 1 ? '' : 's'} &middot; ${amount}</p>
<form id="pay-form" data-token="${escapeHtml(token)}" data-reservation-id="${reservationId}" data-label="${escapeHtml(label)}" novalidate>
<label for="cardNumber">Card number</label>
<input id="cardNumber" name="cardNumber" inputmode="numeric" autocomplete="cc-number" placeholder="4242 4242 4242 4242" required aria-describedby="cardNumber-error">
<p id="cardNumber-error" class="field-error"></p>
<div class="row">
<div><label for="expiry">Expiry (MM/YY)</label><input id="expiry" name="expiry" inputmode="numeric" autocomplete="cc-exp" placeholder="12/30" required aria-describedby="expiry-error"><p id="expiry-error" class="field-error"></p></div>
<div><label for="cvc">CVC</label><input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" placeholder="123" required aria-describedby="cvc-error"><p id="cvc-error" class="field-error"></p></div>
</div>
<button id="pay-button" type="submit">${escapeHtml(label)}</button>
<p id="pay-status" class="status" role="status" aria-live="polite"></p>
<p class="hint">Test card 4242 4242 4242 4242 succeeds; 4000 0000 0000 0002 is declined.</p>
</form>`,
      );
    },
  });

  // The card payment: only for the logged-in member the token was made for, with
  // the CSRF header (checked by the csrf plugin for /pay/ as for /api/).
  r.post('/pay/sandbox/charge', {
    schema: {
      hide: true,
      body: sandboxChargeBody,
      response: {
        200: z.object({ status: z.literal('succeeded') }),
        400: errorResponse,
        402: errorResponse,
        403: errorResponse,
        404: errorResponse,
        409: errorResponse,
      },
    },
    handler: async (request) => {
      const { token, cardNumber, expiry, cvc } = request.body;
      const claims = await opts.payments.readCheckout(token, request.session?.user.id);
      const card = cardNumber.replace(/[\s-]/g, '');
      if (!/^\d{12,19}$/.test(card)) {
        throw new AppError(
          400,
          'card_number',
          'Your card number is not valid. Use the test card 4242 4242 4242 4242.',
        );
      }
      if (!parseExpiry(expiry))
        throw new AppError(400, 'card_expiry', 'Enter the expiry date as MM/YY, e.g. 12/30.');
      if (!expiryIsFuture(expiry))
        throw new AppError(
          400,
          'card_expiry',
          'Your card has expired: the expiry date is in the past.',
        );
      if (!/^\d{3,4}$/.test(cvc.trim()))
        throw new AppError(
          400,
          'card_cvc',
          'Your card’s security code is not valid: 3 or 4 digits.',
        );
      if (card === TEST_CARDS.declined)
        throw new AppError(402, 'card_declined', 'Your card was declined.');
      if (card !== TEST_CARDS.success) {
        throw new AppError(
          400,
          'card_number',
          'Your card number is not valid. Use the test card 4242 4242 4242 4242.',
        );
      }
      const outcome = await opts.payments.payWithSandbox(claims, () =>
        opts.sandbox.chargeEvent(claims.reservationId, claims.amountCents, claims.currency),
      );
      if (outcome !== 'paid')
        throw new AppError(409, 'nothing_owed', 'Nothing is owed on this reservation any more.');
      return { status: 'succeeded' as const };
    },
  });
}

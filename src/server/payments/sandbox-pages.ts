import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { formatMoney } from '../../shared/pricing.js';
import { errorResponse, sandboxChargeBody } from '../../shared/schemas/index.js';
import { AppError } from '../errors.js';
import { SANDBOX_SIGNATURE_HEADER, TEST_CARDS, type createSandboxProvider } from './sandbox.js';

const assets = path.join(path.dirname(fileURLToPath(import.meta.url)), 'sandbox-assets');
const asset = (name: string) => readFileSync(path.join(assets, name), 'utf8');

interface Options {
  sandbox: ReturnType<typeof createSandboxProvider>;
  dailyRateCents: number;
  currency: string;
}

const frameQuery = z.object({
  reservationId: z.coerce.number().int().positive().max(2_147_483_647),
  number: z.coerce.number().int().positive().max(366),
});

function expiryIsFuture(expiry: string, now = new Date()): boolean {
  const m = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(expiry);
  if (!m) return false;
  const month = Number(m[1]);
  const year = m[2]!.length === 2 ? 2000 + Number(m[2]) : Number(m[2]);
  if (month < 1 || month > 12) return false;
  return year * 12 + month >= now.getUTCFullYear() * 12 + now.getUTCMonth() + 1;
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
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'public, max-age=300').send(body);
  app.get('/pay/embed.js', { schema: { hide: true } }, script(embedJs));
  app.get('/pay/sandbox/form.js', { schema: { hide: true } }, script(formJs));
  app.get('/pay/sandbox/form.css', { schema: { hide: true } }, (_req, reply) =>
    reply.type('text/css; charset=utf-8').header('cache-control', 'public, max-age=300').send(formCss),
  );

  r.get('/pay/sandbox', {
    schema: { hide: true, querystring: frameQuery },
    handler: async (request, reply) => {
      const { reservationId, number } = request.query;
      const amount = formatMoney(number * opts.dailyRateCents, opts.currency);
      const label = `Pay ${amount}`;
      return reply.type('text/html; charset=utf-8').send(`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sandbox payment for reservation ${reservationId}</title>
<link rel="stylesheet" href="/pay/sandbox/form.css">
</head>
<body>
<main aria-labelledby="pay-title">
<h1 id="pay-title">Card payment (sandbox)</h1>
<p class="amount">${number} day${number === 1 ? '' : 's'} &middot; ${amount}</p>
<form id="pay-form" data-reservation-id="${reservationId}" data-number="${number}" data-label="${label}" novalidate>
<label for="cardNumber">Card number</label>
<input id="cardNumber" name="cardNumber" inputmode="numeric" autocomplete="cc-number" placeholder="4242 4242 4242 4242" required>
<div class="row">
<div><label for="expiry">Expiry (MM/YY)</label><input id="expiry" name="expiry" autocomplete="cc-exp" placeholder="12/30" required></div>
<div><label for="cvc">CVC</label><input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" placeholder="123" required></div>
</div>
<button id="pay-button" type="submit">${label}</button>
<p id="pay-status" class="status" role="status" aria-live="polite"></p>
<p class="hint">Test card 4242 4242 4242 4242 succeeds; 4000 0000 0000 0002 is declined.</p>
</form>
</main>
<script src="/pay/sandbox/form.js"></script>
</body>
</html>`);
    },
  });

  r.post('/pay/sandbox/charge', {
    schema: {
      hide: true,
      body: sandboxChargeBody,
      response: { 200: z.object({ status: z.literal('succeeded') }), 400: errorResponse, 402: errorResponse, 409: errorResponse },
    },
    handler: async (request) => {
      const { reservationId, number, cardNumber, expiry, cvc } = request.body;
      const card = cardNumber.replace(/[\s-]/g, '');
      if (!expiryIsFuture(expiry)) throw new AppError(400, 'card_expiry', 'Your card’s expiry date is not valid.');
      if (!/^\d{3,4}$/.test(cvc.trim())) throw new AppError(400, 'card_cvc', 'Your card’s security code is not valid.');
      if (card === TEST_CARDS.declined) throw new AppError(402, 'card_declined', 'Your card was declined.');
      if (card !== TEST_CARDS.success) throw new AppError(400, 'card_number', 'Your card number is not valid. Use the test card 4242 4242 4242 4242.');
      const event = opts.sandbox.buildEvent(reservationId, number * opts.dailyRateCents, opts.currency);
      const delivery = await app.inject({
        method: 'POST',
        url: '/api/payments/webhook',
        headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: await event.signature },
        payload: event.payload,
      });
      if (delivery.statusCode !== 200) {
        const message = (delivery.json() as { message?: string }).message ?? 'The payment was not accepted.';
        throw new AppError(409, 'payment_refused', message);
      }
      // A reservation paid already is not charged twice.
      if ((delivery.json() as { outcome?: string }).outcome !== 'paid') {
        throw new AppError(409, 'already_paid', 'This reservation is paid already.');
      }
      return { status: 'succeeded' as const };
    },
  });
}

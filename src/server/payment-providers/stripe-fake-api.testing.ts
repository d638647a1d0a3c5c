// The Stripe tests' stand-in for api.stripe.com, and the answers to refunds
// that they set on it.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeEach } from 'vitest';

/** One request the fake Stripe API received. */
export interface Recorded {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The form-encoded body, as Stripe's package sends it (`metadata[reservationId]=7`). */
  body: URLSearchParams;
}
export type Answer = {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
  /** Answers this late (a slow API), the connection held open meanwhile. */
  delayMs?: number;
};

/**
 * A local stand-in for api.stripe.com: records every request and answers with
 * what the test set for `METHOD /path`. The official package talks to it over
 * plain HTTP, so the requests checked here are the ones it would send to Stripe.
 */
function fakeStripeApi() {
  const requests: Recorded[] = [];
  const answers = new Map<string, (req: Recorded) => Answer>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const recorded: Recorded = {
        method: req.method ?? '',
        path: new URL(req.url ?? '/', 'http://fake.test').pathname,
        headers: req.headers,
        body: new URLSearchParams(Buffer.concat(chunks).toString('utf8')),
      };
      requests.push(recorded);
      const answer = answers.get(`${recorded.method} ${recorded.path}`)?.(recorded) ?? {
        status: 404,
        body: { error: { type: 'invalid_request_error', message: 'Unrecognized request URL.' } },
      };
      const requestId = `req_fake_${requests.length}`;
      setTimeout(() => {
        res.writeHead(answer.status, {
          'content-type': 'application/json',
          'request-id': requestId,
          ...answer.headers,
        });
        res.end(JSON.stringify(answer.body));
      }, answer.delayMs ?? 0);
    });
  });
  return {
    requests,
    answers,
    async start() {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return (server.address() as AddressInfo).port;
    },
    async stop() {
      // The package keeps connections alive; close them so the server can stop.
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) =>
        server.close((e) => (e ? reject(e) : resolve())),
      );
    },
  };
}

export const refundObject = (req: Recorded, patch: Record<string, unknown> = {}) => ({
  id: 're_test_1',
  object: 'refund',
  amount: Number(req.body.get('amount')),
  currency: 'usd',
  payment_intent: req.body.get('payment_intent'),
  metadata: req.body.get('metadata[reservationId]')
    ? { reservationId: req.body.get('metadata[reservationId]') }
    : {},
  status: 'succeeded',
  created: Math.floor(Date.now() / 1000),
  ...patch,
});

/** Stripe's answer to a refund it made: the refund asked for, with `patch` applied. */
export const refundCreated =
  (patch: Record<string, unknown> = {}) =>
  (req: Recorded): Answer => ({ status: 200, body: refundObject(req, patch) });

/**
 * Stripe's answer that it is busy: `status` (409 with `idempotency_key_in_use`,
 * 429) with `stripe-should-retry: false`, so the package passes it on at once.
 */
export const busy =
  (status: 409 | 429): (() => Answer) =>
  () => ({
    status,
    headers: { 'stripe-should-retry': 'false' },
    body: {
      error:
        status === 409
          ? {
              type: 'idempotency_error',
              code: 'idempotency_key_in_use',
              message: 'There is currently another in-progress request using this Idempotent Key.',
            }
          : { type: 'invalid_request_error', code: 'rate_limit', message: 'Too many requests.' },
    },
  });

/** Answers `first` to the first `times` requests, then `then`. */
export function answersInTurn(
  times: number,
  first: (req: Recorded) => Answer,
  then: (req: Recorded) => Answer,
) {
  let seen = 0;
  return (req: Recorded): Answer => {
    seen += 1;
    return seen <= times ? first(req) : then(req);
  };
}

/** Stripe's 400 to a refund of a charge it refunded already, saying `message`. */
export const alreadyRefunded = (message: string) => (): Answer => ({
  status: 400,
  body: { error: { type: 'invalid_request_error', code: 'charge_already_refunded', message } },
});

/**
 * One fake for the whole file, started before the app's env is fixed: the
 * provider's unit tests call it directly and the app built with
 * STRIPE_API_URL sends its refunds there, never to api.stripe.com. Call at the
 * top of a test file: `const { api, apiPort, received } = await useFakeStripeApi();`
 */
export async function useFakeStripeApi() {
  const api = fakeStripeApi();
  const apiPort = await api.start();
  afterAll(() => api.stop());
  beforeEach(() => {
    api.requests.length = 0;
    api.answers.clear();
  });
  /** What the fake received on `METHOD /path`. */
  const received = (route: string) => api.requests.filter((r) => `${r.method} ${r.path}` === route);
  return { api, apiPort, received };
}

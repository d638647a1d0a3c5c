/**
 * The fuzzing of every route as one actor: what must hold for every answer, and
 * the run that sends each route its random requests and checks the database after.
 */
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import fc from 'fast-check';
import { expect } from 'vitest';
import { isErrorCode } from '../../shared/error-codes.js';
import { useTestApp } from './harness.js';
import { testedRoutes, type AppRoute } from './route-list.js';
import { fuzzWorld, type ActorName } from './fuzz-world.js';
import { bodyArb, pathIdArb, queryArb, type Body } from './fuzz-requests.js';

// Reproduce a failure with the seed it prints: FUZZ_SEED=<base seed> npx vitest run …
const BASE_SEED = Number(process.env.FUZZ_SEED ?? 20261122);
const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 30);

/** Things no answer may contain: a stack, SQL, the ORM, file paths. */
const INTERNALS: [string, RegExp][] = [
  ['SQL keyword SELECT', /\bSELECT\b/],
  ['SQL keyword INSERT', /\bINSERT\b/],
  ['SQL text', /\binsert into\b|\bselect\b[^.]{0,200}\bfrom\s+"|Failed query/i],
  ['drizzle', /drizzle/i],
  ['node_modules', /node_modules/],
  ['a stack frame', /\bat (?:async )?[\w$.<>[\] ]+ \(?(?:file:\/\/)?\/?[\w./-]+:\d+:\d+\)?/],
  ['a source position', /\.(?:ts|js|mjs|cjs):\d+:\d+/],
  ['a stack property', /"stack"\s*:/],
];

const PROTOTYPE_KEYS = Object.getOwnPropertyNames(Object.prototype).sort().join(',');

interface Sent {
  method: string;
  url: string;
  body: Body;
}

function describeSent(s: Sent) {
  const payload = s.body.payload === undefined ? '' : String(s.body.payload);
  const shown =
    payload.length > 300 ? `${payload.slice(0, 300)}… (${payload.length} chars)` : payload;
  const url = s.url.length > 300 ? `${s.url.slice(0, 300)}…` : s.url;
  return `${s.method} ${url}\n  body (${s.body.label}, ${s.body.contentType ?? 'no type'}): ${shown}`;
}

function checkAnswer(route: AppRoute, sent: Sent, res: LightMyRequestResponse) {
  const problems: string[] = [];
  if (res.statusCode >= 500) problems.push(`answered ${res.statusCode}`);
  if (
    route.key === 'POST /api/payments/webhook' &&
    res.statusCode !== 400 &&
    res.statusCode !== 413
  ) {
    problems.push(`an unsigned webhook answered ${res.statusCode}, not 400`);
  }
  if (res.statusCode >= 400 && res.statusCode < 500) {
    let message: unknown;
    let code: unknown;
    try {
      ({ message, code } = res.json() as { message?: unknown; code?: unknown });
    } catch {
      message = undefined;
    }
    // The sandbox's card form is a page in a frame: its refusal is a page too.
    const page =
      route.key === 'GET /pay/sandbox' && /text\/html/.test(String(res.headers['content-type']));
    if (!page && !/application\/json/.test(String(res.headers['content-type']))) {
      problems.push(`a ${res.statusCode} that is not JSON (${res.headers['content-type']})`);
    }
    if (!page && (typeof message !== 'string' || message.length === 0))
      problems.push(`a ${res.statusCode} without a message`);
    if (!page && !isErrorCode(code))
      problems.push(`a ${res.statusCode} without a code of the catalogue`);
  }
  const request = `${sent.url}\n${sent.body.payload ?? ''}`;
  for (const [what, pattern] of INTERNALS) {
    // An answer may echo what was sent (a new username); only what we did not send counts.
    if (pattern.test(res.body) && !pattern.test(request)) problems.push(`the answer shows ${what}`);
  }
  if (Object.getOwnPropertyNames(Object.prototype).sort().join(',') !== PROTOTYPE_KEYS) {
    problems.push('Object.prototype was polluted');
  }
  return problems;
}

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function seedFor(key: string) {
  let h = BASE_SEED | 0;
  for (const ch of key) h = (Math.imul(h, 31) + ch.charCodeAt(0)) | 0;
  return h;
}

/** One app for the file, and `fuzzRoutesAs` an actor. */
export function useRouteFuzzing() {
  const t = useTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '1000000' });
  const { seedWorld, login, snapshot } = fuzzWorld(t);

  async function fuzzRoutesAs(actor: ActorName) {
    const routes = testedRoutes(t.app);
    expect(routes.length).toBeGreaterThanOrEqual(35);
    const failures: string[] = [];
    let requests = 0;
    for (const route of routes) {
      const world = await seedWorld();
      let client = await login(actor, world);
      let before = await snapshot();
      const seed = seedFor(`${actor} ${route.key}`);
      const hasId = route.url.includes(':id');
      const hasBody = MUTATING.has(route.method);
      const request = fc.record({
        id: hasId ? pathIdArb(world) : fc.constant(''),
        attendeeId: pathIdArb(world),
        name: pathIdArb(world),
        token: fc.oneof(fc.constant(world.attendeeToken), pathIdArb(world)),
        query: queryArb(route, world),
        body: hasBody ? bodyArb(route, world) : fc.constant<Body>({ label: 'none' }),
      });
      const property = fc.asyncProperty(request, async (r) => {
        const { id, attendeeId, token, name, query, body } = r;
        const path = (hasId ? route.url.replace(':id', id) : route.url)
          .replace(':attendeeId', attendeeId)
          .replace(':token', token)
          .replace(':name', name);
        const sent: Sent = { method: route.method, url: query ? `${path}?${query}` : path, body };
        const options: InjectOptions & { method: string; url: string } = {
          method: route.method,
          url: sent.url,
          ...(body.payload === undefined ? {} : { payload: body.payload }),
          ...(body.contentType ? { headers: { 'content-type': body.contentType } } : {}),
        };
        const res = await client.request(options);
        requests++;
        const problems = checkAnswer(route, sent, res);
        const after = await snapshot();
        if (res.statusCode >= 400) {
          const changed = Object.keys(after).filter((k) => after[k] !== before[k]);
          if (changed.length > 0)
            problems.push(`refused (${res.statusCode}) yet changed ${changed.join(', ')}`);
        }
        before = after;
        if (problems.length > 0) {
          throw new Error(
            `${problems.join('; ')}\n  ${describeSent(sent)}\n  answer ${res.statusCode}: ${res.body.slice(0, 300)}`,
          );
        }
        // A successful logout (or anything else that ended the session): log in again.
        if (MUTATING.has(route.method) && res.statusCode < 400) {
          const status = (await client.get('/api/auth/status')).json() as {
            authenticated: boolean;
          };
          if (!status.authenticated) {
            client = await login(actor, world);
            before = await snapshot();
          }
        }
      });
      const details = await fc.check(property, {
        seed,
        numRuns: RUNS_PER_ROUTE,
        endOnFailure: true,
      });
      if (details.failed) {
        const error =
          details.errorInstance instanceof Error
            ? details.errorInstance.message
            : String(details.errorInstance);
        failures.push(
          `${route.key} as ${actor} (FUZZ_SEED=${BASE_SEED}, property seed ${details.seed}, path "${details.counterexamplePath}"):\n  ${error}`,
        );
      }
    }
    expect(failures, failures.join('\n\n')).toEqual([]);
    expect(requests).toBeGreaterThanOrEqual(routes.length * RUNS_PER_ROUTE);
  }

  return { fuzzRoutesAs };
}

/**
 * What the fuzzer fills requests with: strings and values that tend to break
 * things, JSON that JSON.stringify never writes, and a plausible body and query per route.
 */
import fc from 'fast-check';
import { z } from 'zod';
import type { AppRoute } from './route-list.js';
import { PASSWORD, type World } from './fuzz-world.js';

/** The fields of a zod schema, with their JSON types ("" when it may be several). */
export function fieldsOf(schema: unknown): Record<string, string> {
  if (!(schema instanceof z.ZodType)) return {};
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as {
    properties?: Record<string, { type?: string }>;
  };
  return Object.fromEntries(
    Object.entries(json.properties ?? {}).map(([k, v]) => [k, v.type ?? '']),
  );
}

/** Strings that tend to break things, mixed into every string the fuzzer makes. */
const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\u202e',
  '😀'.repeat(30),
  'ẞ𝔘𝔫𝔦𝔠𝔬𝔡𝔢',
  "'; drop table users; --",
  '" or "1"="1',
  '../../etc/passwd',
  '%00',
  '<script>alert(1)</script>',
  '${7*7}{{7*7}}',
  'null',
  'undefined',
  'NaN',
  '-1',
  '0',
  '2147483648',
  '9'.repeat(400),
  '1e309',
  '0x1F',
  'true',
  'admin',
  'ADMIN',
  'member',
  'Fuzz Parish',
  'other parish',
  'pending',
  'approved',
  'cancelled',
  'inline',
  '2026-02-30',
  '2026-02-30T00:00:00.000Z',
  '12/45',
  '4242 4242 4242 4242',
];

const nastyString = fc.constantFrom(...NASTY_STRINGS);
export const anyString = fc.oneof(
  { weight: 3, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 3, arbitrary: nastyString },
);
export const hugeString = fc
  .record({
    n: fc.constantFrom(5_000, 100_000, 1_100_000),
    c: fc.constantFrom('x', 'é', '\u0000', '😀', '"', '\\'),
  })
  .map(({ n, c }) => c.repeat(n));

/** A value of any JSON type: the wrong one for most fields. */
const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.integer(),
  fc.integer({ min: -(2 ** 53), max: 2 ** 53 }),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constant([]),
  fc.constant({}),
  anyString,
  fc.array(fc.anything({ maxDepth: 1 }), { maxLength: 3 }),
  fc.dictionary(anyString, fc.anything({ maxDepth: 1 }), { maxKeys: 3 }),
);

const jsonType = (v: unknown) =>
  v === null ? 'null' : Array.isArray(v) ? 'array' : Number.isInteger(v) ? 'integer' : typeof v;

/** A value whose JSON type differs from the field's (when the field has a single type). */
export const wrongValueFor = (type: string) =>
  anyValue.filter((v) => {
    const actual = jsonType(v);
    if (type === 'number') return actual !== 'integer' && actual !== 'number';
    return !type || actual !== type;
  });

export function deep(depth: number, kind: 'array' | 'object') {
  return kind === 'array'
    ? `${'['.repeat(depth)}${']'.repeat(depth)}`
    : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}

/** JSON that JSON.stringify never writes: numbers past double or int range, odd forms, duplicates. */
export const RAW_LITERALS = [
  '1e400',
  '-1e400',
  '9007199254740993',
  '2147483648',
  '-2147483649',
  '1.5',
  '-0',
  '0.0',
  '1E2',
  '"1"',
  '" 1 "',
  '"1e3"',
  '"0x10"',
  '"\\u0000"',
  '"\\ud800"',
  '[1]',
  '["1"]',
];

/** Keys that must never reach a prototype. */
export const POLLUTION = [
  '{"__proto__":{"polluted":"yes","role":"Administrator"}}',
  '{"constructor":{"prototype":{"polluted":"yes"}}}',
  '{"__proto__":null}',
  '{"prototype":{"polluted":"yes"}}',
];

/** A plausible body per route, so that one wrong field reaches the checks behind the others. */
export function sampleBody(route: AppRoute, w: World): Record<string, unknown> {
  const samples: Record<string, Record<string, unknown>> = {
    'POST /api/auth/login': { username: 'member', password: 'wrong-password' },
    'POST /api/auth/register': { username: 'newbie', password: PASSWORD, email: 'n@example.org' },
    'POST /api/auth/forgot-password': { username: 'member' },
    'POST /api/auth/reset-password': { token: 'tok', username: 'member', newPassword: 'secret456' },
    'PUT /api/users/me/username': { newUsername: 'renamed' },
    'PUT /api/users/me/email': { email: 'renamed@example.org' },
    'POST /api/admin/mail/test': { to: 'office@example.org' },
    'PUT /api/users/me/password': { currentPassword: 'wrong-password', newPassword: 'secret456' },
    'PUT /api/users/:id/assign-account': { accountId: w.accountIds[0] },
    'PATCH /api/users/:id': { accountId: w.accountIds[1], active: false },
    'POST /api/account': { accountName: 'New Parish' },
    'PUT /api/account/profile': {
      accountName: 'Fuzz Parish',
      primaryContactFullName: 'Anna',
      primaryContactEmail: 'a@example.org',
      responsiblePersons: [{ fullName: 'Bob', phoneNumber: null, email: '', address: 'Main St' }],
    },
    'POST /api/reservations': { ...w.free, eventName: 'Retreat', eventDescription: 'Quiet days' },
    'PATCH /api/reservations/:id/status': {
      status: 'cancelled',
      adminNotes: 'ok',
      refundCents: 100,
      refundReason: 'Partly',
    },
    'PUT /api/reservations/:id/details': { eventName: 'Renamed', eventDescription: 'Text' },
    'POST /api/reservations/:id/agreement': { fullName: 'Anna Alpha' },
    'PUT /api/reservations/:id/questionnaire': {
      finalGuests: 14,
      diets: { vegetarian: 2 },
      rooming: [{ roomId: 'cedar', names: ['Ruth'] }],
      arrivalTime: '16:00',
      setup: 'Circle',
    },
    'POST /api/attendee/:token': { name: 'Ruth', diet: 'vegan', notes: 'Late' },
    'POST /api/payments/:id/checkout': { part: 'deposit' },
    'POST /api/closures': {
      startDate: w.free.startTime.slice(0, 10),
      endDate: w.free.endTime.slice(0, 10),
      reason: 'Painting',
      publicLabel: 'Maintenance',
    },
    'POST /pay/sandbox/charge': {
      token: 'eyJ9.abc',
      cardNumber: '4242 4242 4242 4242',
      expiry: '12/45',
      cvc: '123',
    },
  };
  if (samples[route.key]) return samples[route.key]!;
  // A route added later: a body of the right shape, from its schema.
  const filler: Record<string, unknown> = {
    string: 'x',
    integer: 1,
    number: 1,
    boolean: true,
    array: [],
    object: {},
  };
  return Object.fromEntries(
    Object.entries(fieldsOf(route.schema.body)).map(([k, type]) => [k, filler[type] ?? 'x']),
  );
}

export function sampleQuery(route: AppRoute, w: World): string {
  const samples: Record<string, string> = {
    'GET /api/reservations/public-calendar': `year=${w.year}&month=${w.month}`,
    'GET /api/reservations/calendar': `year=${w.year}&month=${w.month}`,
    'GET /api/closures': `year=${w.year}&month=${w.month}`,
    'GET /api/reservations': `status=approved&from=${w.free.startTime.slice(0, 10)}`,
    'GET /api/documents': `accountId=${w.accountIds[1]}`,
    'POST /api/documents/upload': `accountId=${w.accountIds[1]}`,
    'GET /api/users': `status=active&accountId=${w.accountIds[0]}&q=mem`,
    'GET /api/account/profile': `accountId=${w.accountIds[1]}`,
    'PUT /api/account/profile': `accountId=${w.accountIds[1]}`,
    'GET /api/account/history': `accountId=${w.accountIds[1]}`,
    'GET /api/documents/:id/download': 'disposition=inline',
    'GET /api/documents/:id/file': `exp=${Math.floor(Date.now() / 1000) + 60}&disposition=inline&sig=abc`,
    'GET /pay/sandbox': 'reservationId=2&number=2&token=eyJ9.abc',
    'GET /api/facility/quote': `start=${w.free.startTime.slice(0, 10)}&end=${w.free.endTime.slice(0, 10)}&guests=20&mealPlan=full-board`,
    'GET /api/payments': `accountId=${w.accountIds[1]}&from=2026-01-01&to=2030-12-31&limit=5&offset=0`,
    'GET /api/payments/summary': `accountId=${w.accountIds[1]}`,
    'GET /api/payments/export.csv': `from=2026-01-01`,
    'GET /api/admin/mail': 'status=failed&limit=5&offset=0',
    'GET /api/admin/refunds': 'status=failed&limit=5&offset=0',
    'GET /api/admin/kitchen': `from=${w.free.startTime.slice(0, 10)}&to=${w.free.endTime.slice(0, 10)}`,
    'GET /api/admin/kitchen/stays': 'from=2026-01-01&to=2026-12-31',
    'GET /api/admin/kitchen.pdf': 'from=2026-01-01&to=2026-01-31',
    'GET /api/admin/reports/occupancy': `year=${w.year}`,
    'GET /api/admin/reports/occupancy.csv': `year=${w.year}`,
  };
  return samples[route.key] ?? '';
}

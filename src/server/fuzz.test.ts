import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { addDays, endTimeOf, startTimeOf, todayIn } from '../shared/dates.js';
import { accounts, documents, reservations, users } from './db/schema.js';
import { hashPassword } from './passwords.js';
import { getOrCreateSecret } from './secrets.js';
import { TestClient, resetDatabase, useTestApp } from './testing/harness.js';
import { testedRoutes, type AppRoute } from './testing/route-list.js';
import { isErrorCode } from '../shared/error-codes.js';

/*
 * Property-based fuzzing of every route: random and malformed bodies, query
 * strings and path ids, sent by a logged-in administrator and a logged-in
 * member with valid CSRF headers, so that the garbage reaches validation and
 * the handlers. Whatever is sent, the server answers below 500, every 4xx is
 * JSON with a message, nothing internal leaks, and a refused request leaves
 * the database exactly as it was.
 *
 * Reproduce a failure with the seed it prints: FUZZ_SEED=<base seed> npx vitest run …
 */
const BASE_SEED = Number(process.env.FUZZ_SEED ?? 20261122);
const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 30);

const t = useTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '1000000' });

/** The fields of a zod schema, with their JSON types ("" when it may be several). */
function fieldsOf(schema: unknown): Record<string, string> {
  if (!(schema instanceof z.ZodType)) return {};
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as {
    properties?: Record<string, { type?: string }>;
  };
  return Object.fromEntries(
    Object.entries(json.properties ?? {}).map(([k, v]) => [k, v.type ?? '']),
  );
}

// ---------------------------------------------------------------------------
// The world the requests land in.

const PASSWORD = 'secret123';
/** The two sessions the requests are sent with. */
type ActorName = 'admin' | 'member';

interface World {
  ids: number[];
  userIds: Record<ActorName | 'other' | 'pending', number>;
  accountIds: number[];
  year: number;
  month: number;
  free: { startTime: string; endTime: string };
}

let passwordHash: Promise<string> | undefined;

async function seedWorld(): Promise<World> {
  const db = t.db;
  await resetDatabase(db);
  // Made once, as a running server would have them: refused requests must not create them.
  await getOrCreateSecret(db, 'download-url');
  await getOrCreateSecret(db, 'sandbox-webhook');
  await getOrCreateSecret(db, 'sandbox-checkout');
  const hash = await (passwordHash ??= hashPassword(PASSWORD));
  const [mine, other] = await db
    .insert(accounts)
    .values([{ accountName: 'Fuzz Parish' }, { accountName: 'Other Parish' }])
    .returning();
  const u = await db
    .insert(users)
    .values([
      { username: 'admin', passwordHash: hash, role: 'Administrator', status: 'active' },
      {
        username: 'member',
        passwordHash: hash,
        status: 'active',
        accountId: mine!.id,
        email: 'm@example.org',
      },
      { username: 'other', passwordHash: hash, status: 'active', accountId: other!.id },
      { username: 'pending', passwordHash: hash, status: 'pending', accountId: mine!.id },
    ])
    .returning();
  const [admin, member, otherUser, pending] = u.map((r) => r.id) as number[];
  const first = addDays(todayIn(t.config.facilityTimezone), 10);
  const res = (userId: number, offset: number, status: 'pending' | 'approved' | 'cancelled') => ({
    userId,
    firstDay: addDays(first, offset),
    lastDay: addDays(first, offset + 1),
    eventName: `Event ${offset}`,
    eventDescription: 'Seeded',
    status,
    priceCents: 30000,
    currency: 'USD',
  });
  await db
    .insert(reservations)
    .values([
      res(member!, 0, 'pending'),
      res(member!, 5, 'approved'),
      res(member!, 10, 'cancelled'),
      res(otherUser!, 15, 'approved'),
    ]);
  const pdf = Buffer.from('%PDF-1.4\n%%EOF\n');
  await db.insert(documents).values([
    {
      accountId: mine!.id,
      uploadedBy: member!,
      fileName: 'a.pdf',
      description: 'Mine',
      fileSize: pdf.length,
      content: pdf,
    },
    {
      accountId: other!.id,
      uploadedBy: otherUser!,
      fileName: 'b.pdf',
      description: 'Theirs',
      fileSize: pdf.length,
      content: pdf,
    },
  ]);
  const free = addDays(first, 30);
  return {
    ids: [1, 2, 3, 4, 5],
    userIds: { admin: admin!, member: member!, other: otherUser!, pending: pending! },
    accountIds: [mine!.id, other!.id],
    year: Number(first.slice(0, 4)),
    month: Number(first.slice(5, 7)),
    free: { startTime: startTimeOf(free), endTime: endTimeOf(addDays(free, 1)) },
  };
}

/** Logs the actor in (again): by id, since a fuzzed username change may have renamed it. */
async function login(actor: ActorName, world: World): Promise<TestClient> {
  const [row] = await t.db.select().from(users).where(eq(users.id, world.userIds[actor]));
  const client = new TestClient(t.app);
  const res = await client.post('/api/auth/login', { username: row!.username, password: PASSWORD });
  if (res.statusCode !== 200)
    throw new Error(`login of ${actor} failed: ${res.statusCode} ${res.body}`);
  return client;
}

let snapshotQuery: string | undefined;

/** Row count and a checksum of every table, in one statement. */
async function snapshot(): Promise<Record<string, string>> {
  snapshotQuery ??= (
    (await t.db.execute(
      sql`select tablename from pg_tables where schemaname = 'public' order by tablename`,
    )) as unknown as { rows: { tablename: string }[] }
  ).rows
    .map((r) => r.tablename)
    .map(
      (name) =>
        `select '${name}' as t, count(*)::text || ' ' || coalesce(md5(string_agg(j, E'\\n' order by j)), '-') as v ` +
        `from (select to_json(r)::text as j from "${name}" r) s`,
    )
    .join(' union all ');
  const { rows } = (await t.db.execute(sql.raw(snapshotQuery))) as unknown as {
    rows: { t: string; v: string }[];
  };
  return Object.fromEntries(rows.map((r) => [r.t, r.v]));
}

// ---------------------------------------------------------------------------
// What is sent.

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
const anyString = fc.oneof(
  { weight: 3, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 3, arbitrary: nastyString },
);
const hugeString = fc
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
const wrongValueFor = (type: string) =>
  anyValue.filter((v) => {
    const actual = jsonType(v);
    if (type === 'number') return actual !== 'integer' && actual !== 'number';
    return !type || actual !== type;
  });

function deep(depth: number, kind: 'array' | 'object') {
  return kind === 'array'
    ? `${'['.repeat(depth)}${']'.repeat(depth)}`
    : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}

/** JSON that JSON.stringify never writes: numbers past double or int range, odd forms, duplicates. */
const RAW_LITERALS = [
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
const POLLUTION = [
  '{"__proto__":{"polluted":"yes","role":"Administrator"}}',
  '{"constructor":{"prototype":{"polluted":"yes"}}}',
  '{"__proto__":null}',
  '{"prototype":{"polluted":"yes"}}',
];

/** A plausible body per route, so that one wrong field reaches the checks behind the others. */
function sampleBody(route: AppRoute, w: World): Record<string, unknown> {
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

function sampleQuery(route: AppRoute, w: World): string {
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
    'GET /api/facility/quote': `start=${w.free.startTime.slice(0, 10)}&end=${w.free.endTime.slice(0, 10)}`,
    'GET /api/payments': `accountId=${w.accountIds[1]}&from=2026-01-01&to=2030-12-31&limit=5&offset=0`,
    'GET /api/payments/summary': `accountId=${w.accountIds[1]}`,
    'GET /api/payments/export.csv': `from=2026-01-01`,
    'GET /api/admin/mail': 'status=failed&limit=5&offset=0',
  };
  return samples[route.key] ?? '';
}

interface Body {
  label: string;
  payload?: string | Buffer;
  contentType?: string;
}

function bodyArb(route: AppRoute, w: World): fc.Arbitrary<Body> {
  const base = sampleBody(route, w);
  const fields = fieldsOf(route.schema.body);
  const names = Object.keys(fields).length > 0 ? Object.keys(fields) : Object.keys(base);
  const field = names.length > 0 ? fc.constantFrom(...names) : anyString;
  const asJson = (label: string) => (payload: string) => ({
    label,
    payload,
    contentType: 'application/json',
  });
  const withField = (label: string, value: fc.Arbitrary<unknown>) =>
    fc.tuple(field, value).map(([k, v]) => asJson(label)(JSON.stringify({ ...base, [k]: v })));
  const arbs: fc.WeightedArbitrary<Body>[] = [
    { weight: 2, arbitrary: fc.constant(asJson('valid sample')(JSON.stringify(base))) },
    {
      weight: 3,
      arbitrary: fc.anything({ maxDepth: 3, key: fc.oneof(anyString, field) }).map((v) => {
        const text = JSON.stringify(v);
        return text === undefined ? { label: 'no body' } : asJson('anything')(text);
      }),
    },
    { weight: 2, arbitrary: fc.json({ maxDepth: 3 }).map(asJson('random JSON')) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(fc.json({ maxDepth: 2 }), fc.nat(), anyString)
        .map(([j, cut, junk]) => asJson('malformed JSON')(j.slice(0, cut % (j.length + 1)) + junk)),
    },
    {
      weight: 5,
      arbitrary: field.chain((k) =>
        wrongValueFor(fields[k] ?? '').map((v) =>
          asJson(`wrong type for ${k}`)(JSON.stringify({ ...base, [k]: v })),
        ),
      ),
    },
    { weight: 2, arbitrary: withField('nasty string in a field', anyString) },
    {
      weight: 2,
      arbitrary: fc.tuple(field, fc.constantFrom(...RAW_LITERALS)).map(([k, literal]) =>
        // The field twice: JSON.parse keeps the last, the raw literal.
        asJson(`raw literal in ${k}`)(
          `${JSON.stringify({ ...base, [k]: 0 }).slice(0, -1)},${JSON.stringify(k)}:${literal}}`,
        ),
      ),
    },
    { weight: 1, arbitrary: withField('huge string in a field', hugeString) },
    {
      weight: 1,
      arbitrary: fc
        .record({
          depth: fc.integer({ min: 50, max: 20_000 }),
          kind: fc.constantFrom('array' as const, 'object' as const),
          inField: fc.boolean(),
          k: field,
        })
        .map(({ depth, kind, inField, k }) =>
          asJson(`nesting ${depth} deep`)(
            inField ? `{"${String(k)}":${deep(depth, kind)}}` : deep(depth, kind),
          ),
        ),
    },
    {
      weight: 2,
      arbitrary: fc.constantFrom(...POLLUTION).map((p) => {
        const rest = JSON.stringify(base).slice(1);
        return asJson('prototype pollution')(rest === '}' ? p : `${p.slice(0, -1)},${rest}`);
      }),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fc.constantFrom(
            'text/plain',
            'application/x-www-form-urlencoded',
            'application/xml',
            'application/json; charset=latin1',
            'multipart/form-data',
            '',
          ),
          fc.json({ maxDepth: 1 }),
        )
        .map(([contentType, payload]) => ({
          label: `as ${contentType || 'no type'}`,
          payload,
          contentType,
        })),
    },
  ];
  if (route.key === 'POST /api/documents/upload')
    arbs.push({ weight: 6, arbitrary: multipartArb(w) });
  return fc.oneof(...arbs);
}

/** Multipart bodies for the upload: random parts, names, files and cut-offs. */
function multipartArb(w: World): fc.Arbitrary<Body> {
  const boundary = 'fuzzboundary42';
  const part = fc.oneof(
    fc
      .record({
        name: fc.constantFrom('description', 'accountId', 'documentFile', 'x'),
        value: fc.oneof(anyString, fc.constantFrom(...w.accountIds.map(String))),
      })
      .map(({ name, value }) =>
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
        ),
      ),
    fc
      .record({
        name: fc.constantFrom('documentFile', 'other'),
        filename: anyString,
        pdf: fc.boolean(),
        bytes: fc.uint8Array({ maxLength: 200 }),
      })
      .map(({ name, filename, pdf, bytes }) =>
        Buffer.concat([
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename.replace(/["\r\n]/g, '')}"\r\nContent-Type: application/pdf\r\n\r\n`,
          ),
          pdf ? Buffer.from('%PDF-1.7\n') : Buffer.alloc(0),
          Buffer.from(bytes),
          Buffer.from('\r\n'),
        ]),
      ),
  );
  return fc
    .record({
      parts: fc.array(part, { maxLength: 4 }),
      end: fc.boolean(),
      cut: fc.option(fc.nat()),
    })
    .map(({ parts, end, cut }) => {
      let payload = Buffer.concat([...parts, Buffer.from(end ? `--${boundary}--\r\n` : '')]);
      if (cut !== null) payload = payload.subarray(0, cut % (payload.length + 1));
      return {
        label: 'multipart',
        payload,
        contentType: `multipart/form-data; boundary=${boundary}`,
      };
    });
}

/** encodeURIComponent, with lone surrogates (which it refuses) made U+FFFD first. */
const enc = (s: string) =>
  encodeURIComponent(
    s.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd'),
  );

function queryArb(route: AppRoute, w: World): fc.Arbitrary<string> {
  const known = Object.keys(fieldsOf(route.schema.querystring));
  const key = fc.oneof(
    { weight: 3, arbitrary: known.length > 0 ? fc.constantFrom(...known) : anyString },
    {
      weight: 1,
      arbitrary: fc.constantFrom('__proto__', 'constructor', '__proto__[role]', 'accountId', 'id'),
    },
    { weight: 1, arbitrary: anyString },
  );
  const value = fc.oneof(pathIdArb(w), anyString.map(enc));
  const sample = sampleQuery(route, w);
  return fc.oneof(
    { weight: 2, arbitrary: fc.constant('') },
    { weight: 2, arbitrary: fc.constant(sample) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(key, value)
        .map(([k, v]) => [sample, `${enc(k)}=${v}`].filter(Boolean).join('&')),
    },
    {
      weight: 4,
      arbitrary: fc
        .array(fc.tuple(key, fc.oneof(value, fc.array(value, { maxLength: 3 }))), { maxLength: 4 })
        .map((pairs) =>
          pairs
            .flatMap(([k, v]) => (Array.isArray(v) ? v : [v]).map((x) => `${enc(k)}=${x}`))
            .join('&'),
        ),
    },
    {
      weight: 1,
      arbitrary: key.map((k) => `${enc(k)}=${'9'.repeat(20_000)}`),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '%',
        '%00',
        '%E0%A4%A',
        '&&&',
        '=',
        '=&=',
        'a[b][c]=1',
        '__proto__[polluted]=yes',
        'constructor[prototype][polluted]=yes',
        'accountId=1&accountId=2',
        `${sample}&${sample}`,
      ),
    },
  );
}

/** Path ids, already URL-encoded except for the raw ones meant to test the router. */
function pathIdArb(w: World): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...w.ids.map(String)) },
    { weight: 2, arbitrary: fc.integer().map(String) },
    { weight: 1, arbitrary: fc.bigInt({ min: -(10n ** 40n), max: 10n ** 40n }).map(String) },
    { weight: 1, arbitrary: fc.double().map(String) },
    { weight: 2, arbitrary: anyString.map(enc) },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 10 }).map(enc) },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        '..',
        '../',
        '..%2F',
        '..%2F..%2Fetc%2Fpasswd',
        '%2e%2e',
        '%00',
        '1%00',
        '%',
        '%E0%A4%A',
        '%ED%A0%80',
        '%C0%AF',
        '0x10',
        '1e3',
        '%201',
        '1;drop%20table%20users',
        '-0',
        '00001',
        '9'.repeat(300),
        'a'.repeat(250),
      ),
    },
  );
}

// ---------------------------------------------------------------------------
// What must hold for every answer.

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
      query: queryArb(route, world),
      body: hasBody ? bodyArb(route, world) : fc.constant<Body>({ label: 'none' }),
    });
    const property = fc.asyncProperty(request, async ({ id, query, body }) => {
      const path = hasId ? route.url.replace(':id', id) : route.url;
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
        const status = (await client.get('/api/auth/status')).json() as { authenticated: boolean };
        if (!status.authenticated) {
          client = await login(actor, world);
          before = await snapshot();
        }
      }
    });
    const details = await fc.check(property, { seed, numRuns: RUNS_PER_ROUTE, endOnFailure: true });
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

describe('fuzzing every route', () => {
  it('as an administrator: never 5xx, always a JSON message, nothing internal, no change when refused', async () => {
    await fuzzRoutesAs('admin');
  }, 120_000);

  it('as a member: never 5xx, always a JSON message, nothing internal, no change when refused', async () => {
    await fuzzRoutesAs('member');
  }, 120_000);
});

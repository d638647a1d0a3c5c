/**
 * The requests the fuzzer sends: random, malformed, oversized and hostile
 * bodies (multipart for the uploads), query strings and path ids.
 */
import fc from 'fast-check';
import type { AppRoute } from './route-list.js';
import type { World } from './fuzz-world.js';
import { TINY_PNG } from './access-matrix-fixtures.js';
import {
  POLLUTION,
  RAW_LITERALS,
  anyString,
  deep,
  fieldsOf,
  hugeString,
  sampleBody,
  sampleQuery,
  wrongValueFor,
} from './fuzz-values.js';

export interface Body {
  label: string;
  payload?: string | Buffer;
  contentType?: string;
}

export function bodyArb(route: AppRoute, w: World): fc.Arbitrary<Body> {
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
  const upload = UPLOADS[route.key];
  if (upload) arbs.push({ weight: 6, arbitrary: multipartArb(w, upload) });
  return fc.oneof(...arbs);
}

interface Upload {
  /** The file's field, and the first bytes a file of the expected kind starts with. */
  file: string;
  heads: Buffer[];
}

/** The multipart uploads: the documents' PDFs and the staff's content images. */
const UPLOADS: Record<string, Upload> = {
  'POST /api/documents/upload': { file: 'documentFile', heads: [Buffer.from('%PDF-1.7\n')] },
  'POST /api/admin/content/images': {
    file: 'image',
    heads: [
      TINY_PNG,
      TINY_PNG.subarray(0, 8),
      Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
      Buffer.from('RIFF\x20\x00\x00\x00WEBPVP8 ', 'latin1'),
    ],
  },
};

/** Multipart bodies for an upload: random parts, names, files (whole, cut, or junk) and cut-offs. */
function multipartArb(w: World, upload: Upload): fc.Arbitrary<Body> {
  const boundary = 'fuzzboundary42';
  const part = fc.oneof(
    fc
      .record({
        name: fc.constantFrom('description', 'accountId', upload.file, 'x'),
        value: fc.oneof(anyString, fc.constantFrom(...w.accountIds.map(String))),
      })
      .map(({ name, value }) =>
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
        ),
      ),
    fc
      .record({
        name: fc.constantFrom(upload.file, 'other'),
        filename: anyString,
        head: fc.option(fc.constantFrom(...upload.heads)),
        bytes: fc.uint8Array({ maxLength: 200 }),
      })
      .map(({ name, filename, head, bytes }) =>
        Buffer.concat([
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename.replace(/["\r\n]/g, '')}"\r\nContent-Type: application/pdf\r\n\r\n`,
          ),
          head ?? Buffer.alloc(0),
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

export function queryArb(route: AppRoute, w: World): fc.Arbitrary<string> {
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
export function pathIdArb(w: World): fc.Arbitrary<string> {
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

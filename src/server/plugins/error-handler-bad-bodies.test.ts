/**
 * Bad input to every JSON route: malformed, empty and non-object bodies, wrong
 * types, NUL characters, oversized bodies and bodies that are not JSON.
 */
import { describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages.js';
import { adminClient } from '../testing/harness.js';
import { expectClientError, useBusyTestApp } from './plugins.testing.js';

const t = useBusyTestApp();

/** Every JSON body route with a valid body; {id} is a user id that exists. */
const JSON_ROUTES: { method: 'POST' | 'PUT'; url: string; valid: Record<string, unknown> }[] = [
  { method: 'POST', url: '/api/auth/login', valid: { username: 'admin', password: 'adminpass' } },
  {
    method: 'POST',
    url: '/api/auth/register',
    valid: { username: 'newbie', password: 'secret123', email: 'n@example.org' },
  },
  { method: 'POST', url: '/api/auth/forgot-password', valid: { username: 'admin' } },
  {
    method: 'POST',
    url: '/api/auth/reset-password',
    valid: { token: 'tok', username: 'admin', newPassword: 'secret456' },
  },
  { method: 'PUT', url: '/api/users/me/username', valid: { newUsername: 'boss' } },
  {
    method: 'PUT',
    url: '/api/users/me/password',
    valid: { currentPassword: 'adminpass', newPassword: 'secret456' },
  },
  { method: 'PUT', url: '/api/users/{id}/assign-account', valid: { accountId: 1 } },
  { method: 'POST', url: '/api/account', valid: { accountName: 'St. Mark' } },
];

const WRONG_TYPES: [string, unknown][] = [
  ['a number', 12345],
  ['an array', ['x']],
  ['null', null],
  ['an object', { nested: 'x' }],
  ['a boolean', true],
  ['a 10 000-character string', 'x'.repeat(10_000)],
];

describe.each(JSON_ROUTES)('bad input to $method $url', ({ method, url: template, valid }) => {
  async function setup() {
    const { client, user } = await adminClient(t);
    return { client, url: template.replace('{id}', String(user.id)) };
  }

  it('malformed, empty, missing and non-object bodies answer 400', async () => {
    const { client, url } = await setup();
    const json = { 'content-type': 'application/json' };
    expect(
      expectClientError(
        await client.request({ method, url, payload: '{"a":', headers: json }),
        'malformed',
        400,
      ).message,
    ).toBe(messages.malformedJson);
    expect(
      expectClientError(
        await client.request({ method, url, payload: '', headers: json }),
        'empty',
        400,
      ).message,
    ).toBe(messages.malformedJson);
    expectClientError(await client.request({ method, url }), 'no body', 400);
    for (const payload of ['null', '[]', '"text"', '42', 'true', '{}', '[{"username":"admin"}]']) {
      expectClientError(
        await client.request({ method, url, payload, headers: json }),
        payload,
        400,
      );
    }
  });

  it('a wrong type or a missing value in any field answers 400', async () => {
    const { client, url } = await setup();
    for (const field of Object.keys(valid)) {
      for (const [label, value] of WRONG_TYPES) {
        // A number is the right type for an id; an email may be null ("none given").
        if (typeof value === typeof valid[field] && typeof value !== 'string') continue;
        if (field === 'email' && value === null) continue;
        const res = await client.request({ method, url, payload: { ...valid, [field]: value } });
        expectClientError(res, `${field} as ${label}`, 400);
      }
      const { [field]: _omitted, ...missing } = valid;
      const res = await client.request({ method, url, payload: missing });
      if (field !== 'email') expectClientError(res, `${field} missing`, 400);
    }
  });

  it('a NUL character in any text field never answers 5xx', async () => {
    const { client, url } = await setup();
    for (const field of Object.keys(valid)) {
      if (typeof valid[field] !== 'string') continue;
      const res = await client.request({ method, url, payload: { ...valid, [field]: `a\u0000b` } });
      expectClientError(res, `NUL in ${field}`);
    }
  });

  it('a lone surrogate in any text field answers 400 naming the field', async () => {
    const { client, url } = await setup();
    for (const field of Object.keys(valid)) {
      if (typeof valid[field] !== 'string') continue;
      const res = await client.request({
        method,
        url,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ ...valid, [field]: 'x' }).replace('"x"', '"a\\ud800b"'),
      });
      const body = expectClientError(res, `lone surrogate in ${field}`, 400) as {
        code?: string;
        issues?: unknown;
      };
      expect(body.code).toBe('validation_failed');
      expect(body.issues).toEqual([{ path: `body.${field}`, message: messages.illFormedText }]);
    }
  });

  it('a body over 1 MB answers 413', async () => {
    const { client, url } = await setup();
    const field = Object.keys(valid)[0]!;
    const res = await client.request({
      method,
      url,
      payload: { ...valid, [field]: 'x'.repeat(1024 * 1024 + 10) },
    });
    expect(expectClientError(res, 'large', 413).message).toBe(messages.bodyTooLarge);
  });

  it('a body that is not JSON answers 415', async () => {
    const { client, url } = await setup();
    for (const [type, payload] of [
      ['application/xml', '<a/>'],
      ['application/x-www-form-urlencoded', 'username=admin&password=adminpass'],
      ['text/plain', JSON.stringify(valid)],
      ['multipart/form-data; boundary=x', '--x--'],
    ]) {
      const res = await client.request({
        method,
        url,
        payload,
        headers: { 'content-type': type! },
      });
      expect(expectClientError(res, type!, 415).message).toBe(messages.unsupportedMediaType);
    }
  });
});

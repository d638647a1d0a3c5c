import { PgDialect } from 'drizzle-orm/pg-core';
import type { SQL } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/open.js';
import { mailOutbox, passwordResetTokens } from '../../db/schema.js';
import { createOutbox } from '../../mail/outbox.js';
import { createUser, useTestApp } from '../../testing/harness.js';
import { createAuthService } from './service.js';

const t = useTestApp();
const dialect = new PgDialect();

/**
 * The database as the service sees it, writing down every call it makes: the
 * builder calls by name, and raw statements by their SQL text (not their
 * parameters, which carry the name and the token).
 */
function recorded(db: Db) {
  const calls: string[] = [];
  const wrap = (target: Db): Db =>
    new Proxy(target, {
      get(obj, prop, receiver) {
        const value = Reflect.get(obj, prop, receiver) as unknown;
        if (prop === 'transaction')
          return (fn: (tx: Db) => Promise<unknown>) => {
            calls.push('transaction');
            return obj.transaction((tx) => fn(wrap(tx as unknown as Db)));
          };
        if (prop === 'execute')
          return (query: SQL) => {
            calls.push(`execute: ${dialect.sqlToQuery(query).sql}`);
            return obj.execute(query);
          };
        if (typeof prop === 'string' && ['select', 'insert', 'update', 'delete'].includes(prop))
          calls.push(prop);
        return typeof value === 'function' ? (value as () => unknown).bind(obj) : value;
      },
    });
  return { db: wrap(db), calls };
}

function service(db: Db) {
  return createAuthService({
    db,
    outbox: createOutbox({ messageDomain: 'site.test' }),
    publicUrl: 'https://site.test',
    houseName: () => 'House',
  });
}

describe('forgot-password', () => {
  it('does the same work for a known user, an unknown one and one without an address', async () => {
    await createUser(t.db, { username: 'anna', email: 'anna@example.org' });
    await createUser(t.db, { username: 'noaddress', email: null });

    const runs: Record<string, string[]> = {};
    for (const name of ['Anna', 'nobody', 'noaddress']) {
      const { db, calls } = recorded(t.db);
      await service(db).requestPasswordReset(name);
      runs[name] = calls;
    }
    expect(runs.Anna!.length).toBeGreaterThan(2);
    expect(runs.nobody).toEqual(runs.Anna);
    expect(runs.noaddress).toEqual(runs.Anna);

    // Only the known user with an address got a token and a mail.
    const tokens = await t.db.select().from(passwordResetTokens);
    expect(tokens).toHaveLength(1);
    const mails = await t.db.select().from(mailOutbox);
    expect(mails.map((m) => [m.kind, m.toAddress])).toEqual([
      ['password_reset', 'anna@example.org'],
    ]);
    expect(mails[0]!.textBody).toContain('https://site.test/reset-password?token=');
    expect(mails[0]!.messageId).toMatch(/^<[0-9a-f-]{36}@site\.test>$/);
  });
});

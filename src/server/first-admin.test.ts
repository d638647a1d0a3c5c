import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from './db/schema.js';
import { ensureFirstAdmin } from './first-admin.js';
import { TestClient, createUser, testConfig, useTestApp } from './testing/harness.js';

const t = useTestApp();

function captureLog() {
  const lines: { level: 'info' | 'warn'; msg: string }[] = [];
  return {
    lines,
    log: {
      info: (msg: string) => void lines.push({ level: 'info', msg }),
      warn: (msg: string) => void lines.push({ level: 'warn', msg }),
    } as Parameters<typeof ensureFirstAdmin>[2],
  };
}

async function login(username: string, password: string) {
  const c = new TestClient(t.app);
  const res = await c.post('/api/auth/login', { username, password });
  return { c, res };
}

const admins = () => t.db.select().from(users).where(eq(users.role, 'Administrator'));

describe('ensureFirstAdmin', () => {
  it('creates the administrator from ADMIN_USERNAME / ADMIN_PASSWORD without printing the password', async () => {
    const config = testConfig({ ADMIN_USERNAME: 'warden', ADMIN_PASSWORD: 'warden-pass' });
    const { log, lines } = captureLog();
    expect(
      await ensureFirstAdmin(
        t.db,
        { username: config.adminUsername, password: config.adminPassword },
        log,
      ),
    ).toBe('created');
    const rows = await admins();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ username: 'warden', role: 'Administrator', status: 'active' });
    expect(rows[0]!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(lines.map((l) => l.msg).join('\n')).not.toContain('warden-pass');

    const { c, res } = await login('warden', 'warden-pass');
    expect(res.statusCode).toBe(200);
    expect((await c.get('/api/auth/status')).json().user).toMatchObject({
      username: 'warden',
      role: 'Administrator',
    });
    expect((await c.get('/api/users/pending')).statusCode).toBe(200);
  });

  it('uses "admin" when ADMIN_USERNAME is not set', async () => {
    const config = testConfig({ ADMIN_PASSWORD: 'admin-pass' });
    const { log } = captureLog();
    await ensureFirstAdmin(
      t.db,
      { username: config.adminUsername, password: config.adminPassword },
      log,
    );
    expect((await login('admin', 'admin-pass')).res.statusCode).toBe(200);
  });

  it('without a password creates a random one, prints it once, and it works for login', async () => {
    const { log, lines } = captureLog();
    const said: string[] = [];
    expect(
      await ensureFirstAdmin(t.db, { username: 'admin', password: undefined }, log, (text) =>
        said.push(text),
      ),
    ).toBe('created');
    const printed = lines.filter((l) => /password/i.test(l.msg));
    expect(printed).toHaveLength(1);
    const password = /password: (\S+)/.exec(printed[0]!.msg)?.[1];
    // The same words, plainly, where the person starting the site looks.
    expect(said).toEqual([`\n${printed[0]!.msg}\n\n`]);
    expect(said[0]).toContain(`Created the administrator "admin" with the password: ${password}`);
    expect(password).toBeTruthy();
    expect(password!.length).toBeGreaterThanOrEqual(12);
    expect((await login('admin', password!)).res.statusCode).toBe(200);

    // A second start does nothing and prints nothing.
    const second = captureLog();
    expect(
      await ensureFirstAdmin(t.db, { username: 'admin', password: undefined }, second.log),
    ).toBe('exists');
    expect(second.lines).toEqual([]);
    expect(await admins()).toHaveLength(1);
    expect((await login('admin', password!)).res.statusCode).toBe(200);
  });

  it('gives a different random password each time a database needs one', async () => {
    const a = captureLog();
    await ensureFirstAdmin(t.db, { username: 'admin', password: undefined }, a.log);
    await t.db.delete(users);
    const b = captureLog();
    await ensureFirstAdmin(t.db, { username: 'admin', password: undefined }, b.log);
    const pw = (l: typeof a.lines) => /password: (\S+)/.exec(l.map((x) => x.msg).join('\n'))?.[1];
    expect(pw(a.lines)).not.toBe(pw(b.lines));
  });

  it('does nothing when an administrator exists, whatever the configured name', async () => {
    await createUser(t.db, { username: 'chief', role: 'Administrator', password: 'chief-pass' });
    const { log, lines } = captureLog();
    expect(await ensureFirstAdmin(t.db, { username: 'warden', password: 'warden-pass' }, log)).toBe(
      'exists',
    );
    expect(lines).toEqual([]);
    const rows = await admins();
    expect(rows.map((r) => r.username)).toEqual(['chief']);
    expect((await login('warden', 'warden-pass')).res.statusCode).toBe(401);
  });

  it('does not take over a member who already has the name, and says so', async () => {
    const member = await createUser(t.db, { username: 'Admin', password: 'member-pass' });
    const { log, lines } = captureLog();
    expect(await ensureFirstAdmin(t.db, { username: 'admin', password: 'admin-pass' }, log)).toBe(
      'exists',
    );
    expect(lines.filter((l) => l.level === 'warn')).toHaveLength(1);
    expect(lines[0]!.msg).toContain('ADMIN_USERNAME');
    expect(await admins()).toHaveLength(0);
    const [row] = await t.db.select().from(users).where(eq(users.id, member.id));
    expect(row).toMatchObject({ role: 'User', passwordHash: member.passwordHash });
  });

  it('creates only one administrator when two instances start together', async () => {
    const a = captureLog();
    const b = captureLog();
    const results = await Promise.all([
      ensureFirstAdmin(t.db, { username: 'admin', password: 'admin-pass' }, a.log),
      ensureFirstAdmin(t.db, { username: 'admin', password: 'admin-pass' }, b.log),
    ]);
    expect(results.filter((r) => r === 'created')).toHaveLength(1);
    expect(await admins()).toHaveLength(1);
  });
});

describe('ADMIN_EMAIL', () => {
  it('gives the first administrator an address, and one who has none gets it at a later start', async () => {
    const { log } = captureLog();
    await ensureFirstAdmin(
      t.db,
      { username: 'warden', password: 'warden-pass', email: 'warden@house.example.org' },
      log,
    );
    expect((await admins())[0]!.email).toBe('warden@house.example.org');

    await t.db.update(users).set({ email: null });
    await ensureFirstAdmin(
      t.db,
      { username: 'warden', password: 'warden-pass', email: 'office@house.example.org' },
      log,
    );
    expect((await admins())[0]!.email).toBe('office@house.example.org');

    // An address the administrator set themselves is kept.
    await ensureFirstAdmin(
      t.db,
      { username: 'warden', password: 'warden-pass', email: 'other@house.example.org' },
      log,
    );
    expect((await admins())[0]!.email).toBe('office@house.example.org');
  });
});

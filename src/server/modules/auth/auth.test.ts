import { describe, expect, it } from 'vitest';
import { messages } from '../../../shared/messages.js';
import { TestClient, createUser, useTestApp } from '../../testing/harness.js';

const t = useTestApp();

describe('login', () => {
  it('logs an active user in and reports the status', async () => {
    await createUser(t.db, { username: 'anna', password: 'secret123', email: 'anna@example.org' });
    const c = new TestClient(t.app);
    const res = await c.post('/api/auth/login', { username: 'anna', password: 'secret123' });
    expect(res.statusCode).toBe(200);
    expect(c.cookies.get('sid')).toBeTruthy();
    const status = await c.get('/api/auth/status');
    expect(status.json()).toMatchObject({ authenticated: true, user: { username: 'anna', role: 'User' } });
  });

  it('refuses a pending user with 403 and the approval message', async () => {
    await createUser(t.db, { username: 'pete', password: 'secret123', status: 'pending' });
    const c = new TestClient(t.app);
    const res = await c.post('/api/auth/login', { username: 'pete', password: 'secret123' });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(messages.pendingApproval);
  });
});

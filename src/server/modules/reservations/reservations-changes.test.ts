/**
 * Changing a reservation: the owner's cancel and edits, the administrators'
 * status changes and deletion, and the days each change frees.
 */
import { describe, expect, it } from 'vitest';
import { messages } from '../../../shared/messages.js';
import { reservations } from '../../db/schema.js';
import { adminClient, memberWithAccount } from '../../testing/harness.js';
import { create, useReservationsTestApp } from './reservations.testing.js';

const t = useReservationsTestApp();

describe('changes', () => {
  it('the owner cancels a pending or approved reservation, then not again', async () => {
    const { client: a } = await memberWithAccount(t, 'anna');
    const r = await create(a, 10);
    const res = await a.patch(`/api/reservations/${r.id}/cancel`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'cancelled', cancellationReason: 'user_cancelled' });
    expect((await a.patch(`/api/reservations/${r.id}/cancel`)).statusCode).toBe(409);
    // The days are free again.
    await create(a, 10);
  });

  it("another member's reservation answers 404 to cancel, edit and status", async () => {
    const { client: a } = await memberWithAccount(t, 'anna');
    const { client: b } = await memberWithAccount(t, 'bob');
    const r = await create(a, 10);
    expect((await b.patch(`/api/reservations/${r.id}/cancel`)).statusCode).toBe(404);
    expect(
      (await b.put(`/api/reservations/${r.id}/details`, { eventName: 'x', eventDescription: 'y' }))
        .statusCode,
    ).toBe(404);
    expect(
      (await b.patch(`/api/reservations/${r.id}/status`, { status: 'approved' })).statusCode,
    ).toBe(403);
    expect((await b.delete(`/api/reservations/${r.id}`)).statusCode).toBe(403);
    expect((await a.patch('/api/reservations/999999/cancel')).statusCode).toBe(404);
  });

  it('details are trimmed and required; owners cannot edit cancelled ones, admins can', async () => {
    const { client: admin } = await adminClient(t);
    const { client: a } = await memberWithAccount(t, 'anna');
    const r = await create(a, 10);
    const ok = await a.put(`/api/reservations/${r.id}/details`, {
      eventName: '  New name ',
      eventDescription: ' New text ',
      additionalInfo: '  ',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({
      eventName: 'New name',
      eventDescription: 'New text',
      additionalInfo: null,
    });
    const empty = await a.put(`/api/reservations/${r.id}/details`, {
      eventName: ' ',
      eventDescription: 'x',
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(messages.userEditRequired);
    await a.patch(`/api/reservations/${r.id}/cancel`);
    expect(
      (await a.put(`/api/reservations/${r.id}/details`, { eventName: 'a', eventDescription: 'b' }))
        .statusCode,
    ).toBe(409);
    const byAdmin = await admin.put(`/api/reservations/${r.id}/details`, {
      eventName: 'Fixed',
      eventDescription: 'By staff',
    });
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json().eventName).toBe('Fixed');
  });

  it('admin status changes follow the table and mail the member', async () => {
    const { client: admin } = await adminClient(t);
    const { client: a } = await memberWithAccount(t, 'anna');
    const r1 = await create(a, 10);
    const r2 = await create(a, 12);
    const r3 = await create(a, 14);

    const approved = await admin.patch(`/api/reservations/${r1.id}/status`, { status: 'approved' });
    expect(approved.json().status).toBe('approved');
    expect(t.mailer.last('anna@example.org')?.subject).toContain('approved');
    expect(
      (await admin.patch(`/api/reservations/${r1.id}/status`, { status: 'approved' })).statusCode,
    ).toBe(409);

    const rejected = await admin.patch(`/api/reservations/${r2.id}/status`, {
      status: 'rejected',
      adminNotes: 'House closed for repairs',
    });
    expect(rejected.json()).toMatchObject({
      status: 'rejected',
      adminNotes: 'House closed for repairs',
    });
    expect(t.mailer.last('anna@example.org')?.text).toContain('House closed for repairs');
    expect(
      (await admin.patch(`/api/reservations/${r2.id}/status`, { status: 'approved' })).statusCode,
    ).toBe(409);
    expect(
      (await admin.patch(`/api/reservations/${r2.id}/status`, { status: 'cancelled' })).statusCode,
    ).toBe(409);

    const cancelled = await admin.patch(`/api/reservations/${r1.id}/status`, {
      status: 'cancelled',
    });
    expect(cancelled.json()).toMatchObject({
      status: 'cancelled',
      cancellationReason: 'admin_cancelled',
    });
    expect(t.mailer.last('anna@example.org')?.subject).toContain('cancelled');
    expect(
      (await admin.patch(`/api/reservations/${r1.id}/status`, { status: 'rejected' })).statusCode,
    ).toBe(409);

    expect(
      (await admin.patch(`/api/reservations/${r3.id}/status`, { status: 'pending' })).statusCode,
    ).toBe(400);
    expect(
      (await admin.patch(`/api/reservations/999999/status`, { status: 'approved' })).statusCode,
    ).toBe(404);
  });

  it('admin deletes only cancelled or rejected reservations', async () => {
    const { client: admin } = await adminClient(t);
    const { client: a } = await memberWithAccount(t, 'anna');
    const r = await create(a, 10);
    expect((await admin.delete(`/api/reservations/${r.id}`)).statusCode).toBe(409);
    await admin.patch(`/api/reservations/${r.id}/status`, { status: 'rejected' });
    expect((await admin.delete(`/api/reservations/${r.id}`)).statusCode).toBe(200);
    expect((await admin.delete(`/api/reservations/${r.id}`)).statusCode).toBe(404);
    expect(await t.db.select().from(reservations)).toHaveLength(0);
  });

  it('a rejected reservation frees its days', async () => {
    const { client: admin } = await adminClient(t);
    const { client: a } = await memberWithAccount(t, 'anna');
    const { client: b } = await memberWithAccount(t, 'bob');
    const r = await create(a, 10, 2);
    await admin.patch(`/api/reservations/${r.id}/status`, { status: 'rejected' });
    await create(b, 11, 1);
  });
});

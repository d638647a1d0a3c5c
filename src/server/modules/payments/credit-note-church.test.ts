// A credit note belongs to the church that paid (docs/money.md, "Refunds"):
// named as that church, kept in its documents and mailed to its contact, even
// after the member who paid has moved to another church.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accounts, documents, ledgerEntries } from '../../db/schema.js';
import {
  adminClient,
  createAccount,
  memberWithAccount,
  reserveDays,
} from '../../testing/harness.js';
import { pdfText } from '../../testing/pdf-text.js';
import { payInSandbox } from '../../testing/sandbox-checkout.js';
import { usePaymentsApp } from './payments.testing.js';

const { t } = usePaymentsApp();

describe('the credit note of a member who moved to another church', () => {
  it('goes to the church that paid, named as that church', async () => {
    const {
      client,
      user,
      account: paying,
    } = await memberWithAccount(t, 'anna', 'anna@example.org', {
      accountName: 'Église Saint-Éloi',
    });
    await t.db
      .update(accounts)
      .set({ primaryContactEmail: 'office@eloi.test' })
      .where(eq(accounts.id, paying.id));
    const { id } = await reserveDays(t, client, 20, 2);
    const { client: admin } = await adminClient(t);
    await admin.patch(`/api/reservations/${id}/status`, { status: 'approved' });
    await payInSandbox(client, id);

    const other = await createAccount(t.db, 'Chapelle Notre-Dame');
    await t.db
      .update(accounts)
      .set({ primaryContactEmail: 'office@notre-dame.test' })
      .where(eq(accounts.id, other.id));
    const moved = await admin.patch(`/api/users/${user.id}`, { accountId: other.id });
    expect(moved.statusCode, moved.body).toBe(200);

    const cancelled = await admin.patch(`/api/reservations/${id}/status`, {
      status: 'cancelled',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ refundedCents: cancelled.json().paidCents });

    const [note] = await t.db.select().from(documents).where(eq(documents.kind, 'credit_note'));
    expect(note).toMatchObject({ accountId: paying.id, reservationId: id });
    const text = await pdfText(note!.content);
    expect(text).toContain('Église Saint-Éloi');
    expect(text).not.toContain('Notre-Dame');
    const [refund] = await t.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.kind, 'refund'));
    expect(refund).toMatchObject({ accountId: paying.id, documentId: note!.id });
    const notes = t.mailer.sent.filter((m) => m.kind === 'credit_note');
    expect(notes.map((m) => m.to)).toEqual(['office@eloi.test']);
    // The church she joined sees nothing of it.
    const theirs = await admin.get(`/api/documents?accountId=${other.id}`);
    expect(theirs.json()).toEqual([]);
  });
});

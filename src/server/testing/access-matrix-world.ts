/**
 * The world of the access-control matrix: account A owning everything, account
 * B, their people, and a client for each actor, laid out afresh for every call.
 */
import { addDays, todayIn, startTimeOf, endTimeOf } from '../../shared/dates.js';
import {
  accountEvents,
  accounts,
  appSecrets,
  calendarFeedTokens,
  closures,
  documents,
  agreements,
  ledgerEntries,
  mailOutbox,
  passwordResetTokens,
  reservations,
  users,
} from '../db/schema.js';
import { createDocumentsService } from '../modules/documents/service.js';
import { hashPassword } from '../passwords.js';
import { createCheckoutToken } from '../payment-providers/checkout-token.js';
import { hashToken } from '../plugins/sessions.js';
import { getOrCreateSecret } from '../secrets.js';
import { TestClient, useTestApp } from './harness.js';
import {
  DAILY_RATE_CENTS,
  PASSWORD,
  PDF,
  SECRETS_OF_A,
  USERNAMES,
  type Actor,
  type Fixtures,
} from './access-matrix-fixtures.js';
import { type Row } from './access-matrix-table.js';
import { MATRIX_AGREEMENT, seedRefusedPaymentWithFailedRefund } from './access-matrix-fixtures.js';
import { accountRows } from './access-matrix-rows-accounts.js';
import { houseRows } from './access-matrix-rows-house.js';
import { reservationRows } from './access-matrix-rows-reservations.js';
import { seedAttendees, stayRows } from './access-matrix-rows-stays.js';
import { contentKeeper } from './access-matrix-rows-content.js';

/**
 * One app for the file, the table's rows (ROWS) bound to it, `seed` to lay the
 * world out again and `clientFor` an actor.
 */
export function useAccessMatrix() {
  const t = useTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '100000' }, { agreement: MATRIX_AGREEMENT });
  const ROWS: Row[] = [...accountRows(t), ...reservationRows(t), ...stayRows(t), ...houseRows(t)];

  let passwordHash: Promise<string> | undefined;
  let savedSecrets: (typeof appSecrets.$inferSelect)[] | undefined;
  const resetKeepingContent = contentKeeper(t);

  /** Empties the database and lays out the same world again: every call starts from it. */
  async function seed(): Promise<Fixtures> {
    const db = t.db;
    await resetKeepingContent();
    // The app keeps its signing keys once read: put the same ones back after each reset.
    if (savedSecrets) await db.insert(appSecrets).values(savedSecrets);
    else {
      await getOrCreateSecret(db, 'download-url');
      await getOrCreateSecret(db, 'sandbox-webhook');
      await getOrCreateSecret(db, 'sandbox-checkout');
      savedSecrets = await db.select().from(appSecrets);
    }
    const hash = await (passwordHash ??= hashPassword(PASSWORD));
    const [accountA, accountB] = await db
      .insert(accounts)
      .values([{ accountName: SECRETS_OF_A.accountName }, { accountName: 'St. Beta Parish' }])
      .returning();
    const user = (
      username: string,
      extra: Partial<typeof users.$inferInsert>,
    ): typeof users.$inferInsert => ({
      username,
      passwordHash: hash,
      role: 'User',
      status: 'active',
      ...extra,
    });
    const rows = await db
      .insert(users)
      .values([
        user(USERNAMES.admin, { role: 'Administrator', email: 'admin@house.test' }),
        user(USERNAMES.memberA, { email: SECRETS_OF_A.email, accountId: accountA!.id }),
        user(USERNAMES.memberB, { email: 'bert@beta.test', accountId: accountB!.id }),
        // Assigned to A already, so that approving it can succeed.
        user(USERNAMES.pendingUser, {
          status: 'pending',
          email: 'pia@example.org',
          accountId: accountA!.id,
        }),
        user(USERNAMES.lena, { email: 'lena@example.org' }),
      ])
      .returning();
    const [admin, memberA, memberB, pendingUser, lena] = rows.map((r) => r.id) as number[];

    const first = addDays(todayIn(t.config.facilityTimezone), 10);
    const reservation = (
      offset: number,
      length: number,
      extra: Partial<typeof reservations.$inferInsert>,
    ) => ({
      userId: memberA!,
      accountId: accountA!.id,
      firstDay: addDays(first, offset),
      lastDay: addDays(first, offset + length - 1),
      eventName: SECRETS_OF_A.eventName,
      eventDescription: `${SECRETS_OF_A.eventName}: prayers and meals`,
      priceCents: length * DAILY_RATE_CENTS,
      currency: 'USD',
      ...extra,
    });
    const [resA, resAPaid, resACancelled] = await db
      .insert(reservations)
      .values([
        reservation(0, 3, { status: 'approved' }),
        reservation(5, 2, { status: 'approved', paymentStatus: 'paid' }),
        reservation(10, 2, { status: 'cancelled', cancellationReason: 'user_cancelled' }),
      ])
      .returning();
    const [docA, receiptA] = await db
      .insert(documents)
      .values([
        {
          accountId: accountA!.id,
          uploadedBy: memberA!,
          fileName: 'minutes.pdf',
          description: SECRETS_OF_A.documentDescription,
          fileSize: PDF.length,
          content: PDF,
        },
        {
          kind: 'receipt' as const,
          accountId: accountA!.id,
          uploadedBy: null,
          fileName: `receipt-reservation-${resAPaid!.id}.pdf`,
          description: `Payment receipt for "${SECRETS_OF_A.eventName}" - Reservation ID: ${resAPaid!.id}`,
          fileSize: PDF.length,
          content: PDF,
          reservationId: resAPaid!.id,
        },
      ])
      .returning();
    await db
      .insert(ledgerEntries)
      .values({
        reservationId: resAPaid!.id,
        accountId: accountA!.id,
        kind: 'charge',
        provider: 'sandbox',
        eventId: 'evt_alpha_7q',
        reference: SECRETS_OF_A.paymentReference,
        amountCents: 2 * DAILY_RATE_CENTS,
        currency: 'USD',
        documentId: receiptA!.id,
        eventName: SECRETS_OF_A.eventName,
        firstDay: resAPaid!.firstDay,
        lastDay: resAPaid!.lastDay,
      })
      .returning();
    const failedRefund = await seedRefusedPaymentWithFailedRefund(db, {
      reservation: resAPaid!,
      accountId: accountA!.id,
      eventName: SECRETS_OF_A.eventName,
      reference: `${SECRETS_OF_A.paymentReference}-again`,
      amountCents: DAILY_RATE_CENTS,
    });
    // resA's leader accepted the agreement (so it can be paid); resAPaid's has not yet.
    await db.insert(agreements).values({
      reservationId: resA!.id,
      version: MATRIX_AGREEMENT.version,
      title: MATRIX_AGREEMENT.title,
      paragraphs: MATRIX_AGREEMENT.paragraphs,
      fullName: 'Anna Alpha',
      acceptedBy: memberA!,
      acceptedByUsername: 'alpha',
      acceptedAt: new Date(),
      ipAddress: '127.0.0.1',
      userAgent: 'matrix',
      terms: { deposit: null, cancellationPolicy: [] },
    });
    await db.insert(accountEvents).values({
      accountId: accountA!.id,
      userId: memberA!,
      kind: 'reservation_requested',
      summary: `Reservation requested: ${SECRETS_OF_A.eventName}`,
      reservationId: resA!.id,
    });
    const attendeesOfA = await seedAttendees(db, resA!.id);
    const resetToken = 'reset-token-for-lena-0123456789';
    await db.insert(passwordResetTokens).values({
      userId: lena!,
      tokenHash: hashToken(resetToken),
      expiresAt: new Date(Date.now() + 3600_000),
    });
    // The link the download route hands out, made by the same service the route uses.
    const signer = createDocumentsService({
      db,
      signingKey: () => getOrCreateSecret(db, 'download-url'),
    });
    const { downloadUrl } = await signer.downloadUrl(
      docA!.id,
      { id: admin!, role: 'Administrator', accountId: null },
      'attachment',
    );
    const [failedMail] = await db
      .insert(mailOutbox)
      .values({
        kind: 'receipt',
        toAddress: SECRETS_OF_A.email,
        subject: `Receipt for ${SECRETS_OF_A.eventName}`,
        textBody: 'Thank you',
        messageId: '<failed-1@site.test>',
        status: 'failed',
        attempts: 8,
        lastError: 'connection refused',
      })
      .returning();
    const freeDay = addDays(first, 40);
    const feedTokenB = 'feed-token-of-member-b-0123456789abcdefghij';
    await db.insert(calendarFeedTokens).values({ userId: memberB!, token: feedTokenB });
    const [closure] = await db
      .insert(closures)
      .values({
        firstDay: addDays(first, 60),
        lastDay: addDays(first, 61),
        reason: 'Staff-only 7Q',
      })
      .returning();
    const checkoutToken = createCheckoutToken(await getOrCreateSecret(db, 'sandbox-checkout'), {
      reservationId: resA!.id,
      userId: memberA!,
      amountCents: 3 * DAILY_RATE_CENTS,
      currency: 'USD',
      exp: Math.floor(Date.now() / 1000) + 600,
    });
    return {
      accountA: accountA!.id,
      accountB: accountB!.id,
      ids: {
        admin: admin!,
        memberA: memberA!,
        memberB: memberB!,
        pendingUser: pendingUser!,
        lena: lena!,
      },
      resA: resA!.id,
      resADays: 3,
      resACancelled: resACancelled!.id,
      resAPaid: resAPaid!.id,
      year: Number(first.slice(0, 4)),
      month: Number(first.slice(5, 7)),
      docA: docA!.id,
      receiptA: receiptA!.id,
      checkoutToken,
      failedMail: failedMail!.id,
      failedRefund: failedRefund!.id,
      signedFileUrl: downloadUrl,
      resetToken,
      free: { startTime: startTimeOf(freeDay), endTime: endTimeOf(addDays(freeDay, 1)) },
      feedTokenB,
      closure: closure!.id,
      freeForClosure: { startDate: addDays(first, 70), endDate: addDays(first, 71) },
      ...attendeesOfA,
    };
  }

  /** A client acting as `actor`; the pending user's login is refused (403), so it holds no session. */
  async function clientFor(actor: Actor): Promise<TestClient> {
    const client = new TestClient(t.app);
    if (actor === 'visitor') {
      await client.get('/api/auth/status');
      return client;
    }
    const res = await client.post('/api/auth/login', {
      username: USERNAMES[actor],
      password: PASSWORD,
    });
    const expected = actor === 'pendingUser' ? 403 : 200;
    if (res.statusCode !== expected) {
      throw new Error(`login as ${actor} answered ${res.statusCode}, not ${expected}: ${res.body}`);
    }
    return client;
  }

  return { t, ROWS, seed, clientFor };
}

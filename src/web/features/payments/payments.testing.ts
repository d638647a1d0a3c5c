/**
 * Test fixtures of the Payments page: reservations, receipts, ledger entries,
 * a fake API over mutable lists (so that refetches see the changes), and the
 * card form's embed script.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, vi } from 'vitest';
import { sortByStart } from '../../../shared/reservations.js';
import type { DocumentInfo } from '../../../shared/schemas/documents.js';
import type { LedgerEntry } from '../../../shared/schemas/payments.js';
import type { Reservation } from '../../../shared/schemas/reservations.js';
import { mockApi, testUser, type FakeRoutes, renderPageAt } from '@/test/utils.js';
import { memberReservation } from '@/test/member-reservation.js';

let nextId = 300;
/** A reservation at $150 a day, unpaid and pending unless told. */
export function reservation(
  first: string,
  last: string,
  over: Partial<Reservation> = {},
): Reservation {
  return memberReservation(nextId++, {
    startTime: `${first}T00:00:00.000Z`,
    endTime: `${last}T23:59:59.999Z`,
    ...over,
  });
}

/** "Winter retreat", 10-11 January 2031: approved and paid. */
export const paidWinterRetreat = () =>
  reservation('2031-01-10', '2031-01-11', {
    eventName: 'Winter retreat',
    status: 'approved',
    paymentStatus: 'paid',
  });

/** "Spring retreat", 10-11 April 2031: paid $300, cancelled, $150 refunded. */
export const refundedSpringRetreat = () =>
  reservation('2031-04-10', '2031-04-11', {
    eventName: 'Spring retreat',
    status: 'cancelled',
    paymentStatus: 'paid',
    paidCents: 30000,
    refundedCents: 15000,
  });

/** The receipt document of a paid reservation. */
export function receiptOf(r: Reservation, id = r.id + 1000): DocumentInfo {
  return {
    kind: 'receipt',
    id,
    accountId: 1,
    fileName: `receipt-${r.id}.pdf`,
    description: `Payment receipt for "${r.eventName}" - Reservation ID: ${r.id}`,
    fileSize: 2048,
    createdAt: '2031-02-01T12:00:00.000Z',
    uploader: null,
    reservationId: r.id,
  };
}

let nextEntry = 1;
function entryOf(
  r: Reservation,
  kind: LedgerEntry['kind'],
  amountCents: number,
  over: Partial<LedgerEntry>,
): LedgerEntry {
  return {
    id: nextEntry++,
    reservationId: r.id,
    kind,
    amountCents,
    currency: 'USD',
    provider: 'sandbox',
    reference: `sb_${kind}_${r.id}`,
    createdAt: '2031-02-01T12:00:00.000Z',
    documentId: null,
    accountId: 1,
    accountName: 'Grace Church',
    eventName: r.eventName,
    firstDay: r.startTime.slice(0, 10),
    lastDay: r.endTime.slice(0, 10),
    reason: null,
    ...over,
  };
}

/** The ledger's charge of a payment; its receipt is `documentId` (none yet by default). */
export const chargeOf = (r: Reservation, amountCents: number, over: Partial<LedgerEntry> = {}) =>
  entryOf(r, 'charge', amountCents, over);

/** The ledger's refund; its credit note is `documentId`. */
export const refundOf = (r: Reservation, amountCents: number, over: Partial<LedgerEntry> = {}) =>
  entryOf(r, 'refund', amountCents, { createdAt: '2031-03-01T12:00:00.000Z', ...over });

export interface State {
  reservations: Reservation[];
  payments?: LedgerEntry[];
  documents?: DocumentInfo[];
}

/** A fake payments API over mutable lists, so that refetches see the changes. */
export function paymentsServer(state: State, overrides: FakeRoutes = {}) {
  const s = { payments: [] as LedgerEntry[], documents: [] as DocumentInfo[], ...state };
  const routes: FakeRoutes = {
    // Filters and orders as the server does: the reservations to pay, or the ones named.
    'GET /api/reservations/my-reservations': (request) => {
      const query = new URL(request.url, 'http://localhost').searchParams;
      const statuses = query.get('status')?.split(',');
      const paymentStatus = query.get('paymentStatus');
      const ids = query.get('ids')?.split(',').map(Number);
      const matching = s.reservations.filter(
        (r) =>
          (!statuses || statuses.includes(r.status)) &&
          (!paymentStatus || r.paymentStatus === paymentStatus) &&
          (!ids || ids.includes(r.id)),
      );
      return { body: sortByStart(matching) };
    },
    'GET /api/payments': () => ({ body: s.payments }),
    'GET /api/documents': () => ({ body: s.documents }),
  };
  for (const r of s.reservations) {
    routes[`POST /api/payments/${r.id}/checkout`] = () => ({
      body: {
        kind: 'frame',
        url: `/pay/sandbox?reservationId=${r.id}&number=3`,
        scriptUrl: '/pay/embed.js',
      },
    });
  }
  const fetchMock = mockApi({ ...routes, ...overrides }, { user: testUser });
  return { fetchMock, state: s };
}

export async function openPage() {
  const view = await renderPageAt('/account/payments', 'Payments');
  await screen.findByRole('heading', { name: 'Pending Payments' });
  return view;
}

export const panelControl = (eventName: string) =>
  screen.getByRole('button', { name: new RegExp(`^Pay for: ${eventName}`) });

/** The open panel of a reservation (its content), named by its control. */
export const panelOf = (eventName: string) =>
  screen.getByRole('region', { name: new RegExp(`^Pay for: ${eventName}`) });

/**
 * Opens a reservation's panel (unless it is open) and presses one of its
 * payment buttons ('Pay in full (…)' unless told), as a member starts paying.
 */
export async function startPayment(
  eventName: string,
  button: RegExp = /^Pay in full/,
  user: Pick<ReturnType<typeof userEvent.setup>, 'click'> = userEvent,
) {
  if (panelControl(eventName).getAttribute('aria-expanded') !== 'true') {
    await user.click(panelControl(eventName));
  }
  await user.click(await within(panelOf(eventName)).findByRole('button', { name: button }));
}

/** Records each script appended to the head and keeps it from loading. */
function captureScripts(appended: HTMLScriptElement[]) {
  const head = document.head;
  return vi.spyOn(head, 'appendChild').mockImplementation(<T extends Node>(node: T): T => {
    if (node instanceof HTMLScriptElement) {
      appended.push(node);
      node.dataset.testSrc = node.getAttribute('src') ?? '';
      node.removeAttribute('src');
    }
    return Node.prototype.appendChild.call(head, node) as T;
  });
}

/**
 * The embed scripts the page appends in each test of the calling file:
 * recorded, and kept from loading (the test environment loads no script
 * files); a test plays the loading with `fakeSandboxPay` and a `load` event.
 */
export function captureEmbedScripts(): HTMLScriptElement[] {
  const appended: HTMLScriptElement[] = [];
  let scriptSpy: ReturnType<typeof captureScripts> | undefined;
  beforeEach(() => {
    appended.length = 0;
    scriptSpy = captureScripts(appended);
  });
  afterEach(() => {
    scriptSpy?.mockRestore();
    delete window.SandboxPay;
    document.querySelectorAll('script[data-payment-embed]').forEach((s) => s.remove());
  });
  return appended;
}

/** What the provider's script does once loaded: define SandboxPay and announce itself. */
export function fakeSandboxPay() {
  const mount = vi.fn((root?: ParentNode | null) => {
    (root ?? document).querySelectorAll('iframe[data-sandbox-pay-src]').forEach((f) => {
      if (!f.getAttribute('src')) f.setAttribute('src', f.getAttribute('data-sandbox-pay-src')!);
    });
  });
  window.SandboxPay = { mount };
  return mount;
}

/**
 * Test fixtures of the Churches screens: the list of churches, one church
 * with its members, reservations, payments and documents, and a fake server
 * over them (the admin upload included). Used by AdminAccountsPage.test.tsx.
 */
import { screen } from '@testing-library/react';
import type { DocumentInfo } from '../../shared/schemas/documents.js';
import { mockApi, renderApp, testAdmin, type FakeRoutes } from '@/test/utils.js';
import { pageOf } from '@/test/fake-lists.js';
import type { ChurchDetails, ChurchSummary, LedgerEntry } from '../features/admin/api/accounts.js';
import { reservation } from './reservations-test-server.js';

export const LONG_CHURCH =
  'The Evangelical Lutheran Church of the Good Shepherd in the Upper Valley';

export const churchesSample = (): ChurchSummary[] => [
  {
    id: 3,
    accountName: 'Hope Church',
    members: 2,
    reservations: 1,
    paidCents: 45000,
    documents: 2,
  },
  { id: 5, accountName: LONG_CHURCH, members: 0, reservations: 0, paidCents: 0, documents: 0 },
  { id: 2, accountName: 'Grace Chapel', members: 1, reservations: 3, paidCents: 0, documents: 0 },
];

export function documentOf(id: number, over: Partial<DocumentInfo> = {}): DocumentInfo {
  return {
    kind: 'upload',
    id,
    accountId: 3,
    fileName: `file-${id}.pdf`,
    description: `Document ${id}`,
    fileSize: 2048,
    createdAt: '2027-03-05T12:00:00.000Z',
    uploader: { username: 'carol' },
    reservationId: null,
    ...over,
  };
}

const hope = { id: 21, username: 'carol', email: 'carol@example.org', church: 'Hope Church' };

const charge: LedgerEntry = {
  id: 70,
  reservationId: 9,
  kind: 'charge',
  amountCents: 45000,
  currency: 'USD',
  provider: 'sandbox',
  reference: 'ch_hope_1',
  createdAt: '2027-02-01T10:00:00.000Z',
  documentId: 41,
  accountId: 3,
  accountName: 'Hope Church',
  eventName: 'Summer camp',
  firstDay: '2027-07-01',
  lastDay: '2027-07-03',
  reason: null,
};

export const churchDetails = (): ChurchDetails => ({
  id: 3,
  accountName: 'Hope Church',
  primaryContactFullName: 'Carol Jones',
  primaryContactPhoneNumber: '+1 555 0100',
  primaryContactEmail: 'office@hope.example.org',
  primaryContactAddress: '1 Church Lane, Springfield',
  responsiblePersons: [
    { fullName: 'Pastor Frank', phoneNumber: null, email: 'frank@hope.example.org', address: null },
  ],
  members: [
    {
      id: 21,
      username: 'carol',
      email: 'carol@example.org',
      role: 'User',
      status: 'active',
      accountId: 3,
      accountName: 'Hope Church',
      createdAt: '2026-01-01T00:00:00.000Z',
    },
    {
      id: 22,
      username: 'frank',
      email: null,
      role: 'User',
      status: 'inactive',
      accountId: 3,
      accountName: 'Hope Church',
      createdAt: '2026-01-01T00:00:00.000Z',
    },
  ],
  reservations: [
    reservation(9, 'Summer camp', 'approved', '2027-07-01', '2027-07-03', hope, {
      paymentStatus: 'paid',
      paidCents: 45000,
      accountId: 3,
    }),
  ],
  documents: [
    documentOf(40, { fileName: 'insurance.pdf', description: 'Insurance certificate' }),
    documentOf(41, {
      kind: 'receipt',
      fileName: 'receipt-9.pdf',
      description: 'Payment receipt - Reservation ID: 9',
      uploader: null,
      reservationId: 9,
    }),
  ],
  payments: [charge],
});

/** A fake server over one church whose documents grow with each upload. */
export function churchesServer(details = churchDetails(), overrides: FakeRoutes = {}) {
  let nextId = 90;
  const routes: FakeRoutes = {
    // As the server: by name, a page with limit/offset (docs/lists.md).
    'GET /api/accounts': (req) => {
      const q = new URL(req.url, 'http://localhost').searchParams;
      const rows = churchesSample().sort((a, b) => a.accountName.localeCompare(b.accountName));
      return { body: pageOf(rows, q) };
    },
    [`GET /api/accounts/${details.id}`]: () => ({ body: details }),
    'POST /api/documents/upload': (req) => {
      const accountId = new URL(req.url, 'http://localhost').searchParams.get('accountId');
      if (accountId !== String(details.id)) {
        return { status: 400, body: { message: 'Which church?' } };
      }
      const form = req.body as FormData;
      const file = form.get('documentFile') as File;
      const created = documentOf(nextId++, {
        fileName: file.name,
        description: String(form.get('description')),
        fileSize: file.size,
        uploader: { username: testAdmin.username },
      });
      details.documents.push(created);
      return { status: 201, body: { message: 'Document uploaded.', document: created } };
    },
  };
  for (const doc of details.documents) {
    routes[`GET /api/documents/${doc.id}/download`] = () => ({
      body: { downloadUrl: `/api/documents/${doc.id}/file?sig=s`, fileName: doc.fileName },
    });
  }
  return mockApi({ ...routes, ...overrides }, { user: testAdmin });
}

/** Renders a Churches page and waits for its heading. */
export async function renderChurchPage(path: string, heading: string, details = churchDetails()) {
  const fetchMock = churchesServer(details);
  const view = renderApp(path);
  await screen.findByRole('heading', { level: 1, name: heading }, { timeout: 5000 });
  return { fetchMock, details, ...view };
}

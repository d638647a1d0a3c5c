/**
 * Test fixtures of the Documentation page: documents, a fake documents API over
 * a mutable list (so that refetches see the changes), and the page opened.
 */
import { screen } from '@testing-library/react';
import { onTestFinished, vi } from 'vitest';
import type { DocumentInfo } from '../../../shared/schemas/documents.js';
import { mockApi, testUser, type FakeRoutes, renderPageAt } from '@/test/utils.js';

export function doc(id: number, over: Partial<DocumentInfo> = {}): DocumentInfo {
  return {
    kind: 'upload',
    id,
    accountId: 1,
    fileName: `file-${id}.pdf`,
    description: `Document ${id}`,
    fileSize: 1536,
    createdAt: '2031-03-05T12:00:00.000Z',
    uploader: { username: 'member' },
    reservationId: null,
    ...over,
  };
}

export const sample = () => [
  doc(1, { fileName: 'floor-plan.pdf', description: 'Room plan', fileSize: 123_456 }),
  doc(2, {
    kind: 'receipt',
    fileName: 'receipt-9.pdf',
    description: 'Payment receipt - Reservation ID: 9',
    fileSize: 1536,
    uploader: null,
  }),
];

/** HTMLAnchorElement.click, spied for one test. */
export function spyOnLinkClicks(impl: (this: HTMLAnchorElement) => void = () => {}) {
  const spy = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(impl);
  onTestFinished(() => spy.mockRestore());
  return spy;
}

/** A fake documents API over a mutable list, so that refetches see the changes. */
export function documentsServer(list: DocumentInfo[] = sample(), overrides: FakeRoutes = {}) {
  let nextId = 50;
  const routes: FakeRoutes = {
    'GET /api/documents': () => ({ body: list }),
    'POST /api/documents/upload': (req) => {
      const form = req.body as FormData;
      const file = form.get('documentFile') as File;
      const created = doc(nextId++, {
        fileName: file.name,
        description: String(form.get('description')),
        fileSize: file.size,
      });
      list.push(created);
      return { status: 201, body: { message: 'Document uploaded.', document: created } };
    },
  };
  for (const d of list) {
    routes[`DELETE /api/documents/${d.id}`] = () => {
      list.splice(list.indexOf(d), 1);
      return { body: { message: 'Document deleted.' } };
    };
    routes[`GET /api/documents/${d.id}/download`] = () => ({
      body: {
        downloadUrl: `/api/documents/${d.id}/file?exp=1&disposition=attachment&sig=s`,
        fileName: d.fileName,
      },
    });
  }
  const fetchMock = mockApi({ ...routes, ...overrides }, { user: testUser });
  return { fetchMock, list };
}

export async function openPage() {
  const view = await renderPageAt('/account/documentation', 'Documentation');
  return view;
}

export const fileInput = () => document.querySelector<HTMLInputElement>('input[type="file"]')!;
export const pdf = (name = 'minutes.pdf', size = 3000) =>
  new File([new Uint8Array(size).fill(37)], name, { type: 'application/pdf' });
export const rowOf = (fileName: string) => screen.getByRole('row', { name: new RegExp(fileName) });

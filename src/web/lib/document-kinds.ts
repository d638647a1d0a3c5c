/**
 * The kinds of documents as people read them (docs/money.md, Records): shared
 * by the Documentation page, the administrator's church page and the stay page.
 */
import { longDate } from '../../shared/dates.js';
import type { DocumentInfo, DocumentKind } from '../../shared/schemas/documents.js';

/** Each kind of document as the lists name it. */
export const KIND_LABELS: Record<DocumentKind, string> = {
  upload: 'Upload',
  receipt: 'Receipt',
  credit_note: 'Credit note',
  invoice: 'Invoice',
  agreement: 'Signed agreement',
  insurance: 'Insurance certificate',
};

/** The kind's name; an insurance certificate's with its last valid day. */
export function kindLabel(
  doc: Pick<DocumentInfo, 'kind'> & Partial<Pick<DocumentInfo, 'expiresOn'>>,
) {
  const label = KIND_LABELS[doc.kind] ?? doc.kind;
  return doc.kind === 'insurance' && doc.expiresOn
    ? `${label}, valid until ${longDate(doc.expiresOn)}`
    : label;
}

/**
 * Receipts, credit notes, invoices and signed agreements are records kept with
 * the payments: they cannot be deleted. Uploads and insurance certificates can.
 */
export const isRecord = (doc: Pick<DocumentInfo, 'kind'>) =>
  doc.kind !== 'upload' && doc.kind !== 'insurance';

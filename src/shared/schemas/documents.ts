import { z } from './zod.js';

export const MAX_DOCUMENT_DESCRIPTION = 500;

/** Uploads can be deleted; receipts, credit notes, invoices and signed agreements are records that stay (docs/money.md). */
export const DOCUMENT_KINDS = [
  'upload',
  'receipt',
  'credit_note',
  'invoice',
  'agreement',
  'insurance',
] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

export const documentSchema = z.object({
  kind: z.enum(DOCUMENT_KINDS),
  id: z.number().int(),
  accountId: z.number().int(),
  fileName: z.string(),
  description: z.string(),
  fileSize: z.number().int(),
  createdAt: z.string(),
  uploader: z.object({ username: z.string() }).nullable(),
  /** Set on receipts: the reservation paid. */
  reservationId: z.number().int().nullable(),
  /** An insurance certificate's last valid day (YYYY-MM-DD); only on that kind. */
  expiresOn: z.string().optional(),
});
export type DocumentInfo = z.infer<typeof documentSchema>;

export const uploadResponse = z.object({ message: z.string(), document: documentSchema });

export const downloadResponse = z.object({ downloadUrl: z.string(), fileName: z.string() });

export const documentsQuery = z.object({
  accountId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});

export const downloadQuery = z.object({
  /** inline opens in the browser (receipts in a new tab); attachment saves the file. */
  disposition: z.enum(['inline', 'attachment']).default('attachment'),
});

export const signedFileQuery = z.object({
  exp: z.coerce.number().int().positive(),
  disposition: z.enum(['inline', 'attachment']),
  sig: z.string().max(100),
});

/** "Reservation ID: 12" in a receipt's description marks it as that reservation's receipt (docs/product.md §3). */
export const receiptDescription = (reservationId: number, eventName: string) =>
  `Payment receipt for "${eventName}" - Reservation ID: ${reservationId}`;

/** A credit note's description: contains "Refund" and "Reservation ID: {id}". */
export const creditNoteDescription = (reservationId: number, eventName: string) =>
  `Refund credit note for "${eventName}" - Reservation ID: ${reservationId}`;

export const isReceiptFor = (
  doc: { description: string; kind?: DocumentKind },
  reservationId: number,
) =>
  (doc.kind === undefined || doc.kind === 'receipt') &&
  new RegExp(`Reservation ID: ${reservationId}(?!\\d)`).test(doc.description);

/** Bytes shown as KB with two decimals (docs/product.md §3). */
export const formatKb = (bytes: number) => (bytes / 1024).toFixed(2);

/** A signed agreement's description: contains "Agreement" and "Reservation ID: {id}". */
export const agreementDescription = (reservationId: number, eventName: string, version: string) =>
  `Facility Agreement (version ${version}) for "${eventName}" - Reservation ID: ${reservationId}`;

/** An invoice's description: contains "Invoice" and "Reservation ID: {id}". */
export const invoiceDescription = (reservationId: number, eventName: string, n: number) =>
  `Invoice ${reservationId}-${n} for "${eventName}" - Reservation ID: ${reservationId}`;

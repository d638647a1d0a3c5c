import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { DocumentInfo, DocumentKind } from '../../../shared/schemas/index.js';
import type { Db } from '../../db/open.js';
import { documents, users } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import { badRequest, conflict, notFound, sqlState } from '../../errors.js';
import { recordAccountEvent } from '../history/service.js';
import { isAdmin } from '../../../shared/roles.js';

/** How long a download link works. */
export const DOWNLOAD_URL_TTL_SECONDS = 5 * 60;

/** What a church's people may delete: what they uploaded, insurance certificates included. */
const DELETABLE = ['upload', 'insurance'] as const;
type DeletableKind = (typeof DELETABLE)[number];
const isDeletable = (kind: DocumentKind): kind is DeletableKind =>
  (DELETABLE as readonly string[]).includes(kind);

/** Why a record cannot be deleted, by its kind (docs/money.md, Records). */
const RECORD_REFUSALS: Record<Exclude<DocumentKind, DeletableKind>, string> = {
  receipt:
    'A receipt is a record of a payment and cannot be deleted. It stays with your payment history.',
  credit_note:
    'A credit note is a record of a payment and cannot be deleted. It stays with your payment history.',
  invoice: 'An invoice is a record of what the stay costs and cannot be deleted.',
  agreement: 'A signed agreement is a record of what the group accepted and cannot be deleted.',
};

export interface Viewer {
  id: number;
  role: string;
  accountId: number | null;
}

const metadata = {
  id: documents.id,
  kind: documents.kind,
  accountId: documents.accountId,
  fileName: documents.fileName,
  description: documents.description,
  fileSize: documents.fileSize,
  createdAt: documents.createdAt,
  reservationId: documents.reservationId,
  expiresOn: documents.expiresOn,
  uploaderName: users.username,
};

interface MetadataRow {
  id: number;
  kind: DocumentKind;
  accountId: number;
  fileName: string;
  description: string;
  fileSize: number;
  createdAt: Date;
  reservationId: number | null;
  expiresOn: string | null;
  uploaderName: string | null;
}

export const presentDocument = (d: MetadataRow): DocumentInfo => ({
  id: d.id,
  kind: d.kind,
  accountId: d.accountId,
  fileName: d.fileName,
  description: d.description,
  fileSize: d.fileSize,
  createdAt: d.createdAt.toISOString(),
  uploader: d.uploaderName ? { username: d.uploaderName } : null,
  reservationId: d.reservationId,
  // Only certificates have one: other documents keep the shape of docs/architecture.md §4.
  ...(d.expiresOn ? { expiresOn: d.expiresOn } : {}),
});

export function createDocumentsService({
  db,
  signingKey,
}: {
  db: Db;
  signingKey: () => Promise<string>;
}) {
  const selectMetadata = () =>
    db.select(metadata).from(documents).leftJoin(users, eq(users.id, documents.uploadedBy));

  async function findVisible(id: number, viewer: Viewer) {
    const [row] = await selectMetadata().where(eq(documents.id, id)).limit(1);
    // Another account's document answers exactly like a missing one.
    if (!row || (!isAdmin(viewer) && row.accountId !== viewer.accountId))
      throw notFound('Document not found.');
    return row;
  }

  async function sign(id: number, exp: number, disposition: string) {
    return createHmac('sha256', await signingKey())
      .update(`${id}.${exp}.${disposition}`)
      .digest('base64url');
  }

  /** Metadata and bytes go in with one INSERT: there is no half-saved document. */
  async function createDocument(input: {
    kind?: DocumentKind;
    accountId: number;
    uploadedBy: number | null;
    fileName: string;
    description: string;
    content: Buffer;
    reservationId?: number | null;
    expiresOn?: string | null;
    tx?: Db;
  }) {
    const rows = await (input.tx ?? db)
      .insert(documents)
      .values({
        kind: input.kind ?? 'upload',
        accountId: input.accountId,
        uploadedBy: input.uploadedBy,
        fileName: input.fileName,
        description: input.description,
        fileSize: input.content.length,
        content: input.content,
        reservationId: input.reservationId ?? null,
        expiresOn: input.expiresOn ?? null,
      })
      .returning({ id: documents.id })
      .catch((err: unknown) => {
        if (sqlState(err) === '23503') throw notFound('Account not found.');
        throw err;
      });
    return rows[0]!.id;
  }

  return {
    async list(viewer: Viewer, accountId?: number) {
      const scope = isAdmin(viewer) ? accountId : viewer.accountId;
      if (!isAdmin(viewer) && scope === null) return [];
      const rows = await selectMetadata()
        .where(scope !== undefined && scope !== null ? eq(documents.accountId, scope) : undefined)
        .orderBy(desc(documents.createdAt), desc(documents.id));
      return rows.map(presentDocument);
    },

    create: createDocument,

    /** A member's (or an admin's) upload and its account event, in one transaction. */
    async upload(input: {
      accountId: number;
      uploadedBy: number;
      fileName: string;
      description: string;
      content: Buffer;
      kind?: 'upload' | 'insurance';
      expiresOn?: string | null;
    }) {
      return inTransaction(db, async (tx) => {
        const id = await createDocument({ ...input, tx });
        await recordAccountEvent(tx, {
          accountId: input.accountId,
          userId: input.uploadedBy,
          kind: 'document_uploaded',
          summary:
            input.kind === 'insurance'
              ? `Insurance certificate added, valid until ${input.expiresOn}: ${input.fileName}`
              : `Document added: ${input.fileName}`,
          documentId: id,
        });
        return id;
      });
    },

    async get(id: number, viewer: Viewer) {
      return presentDocument(await findVisible(id, viewer));
    },

    /** Deletes an upload and records it; receipts, credit notes, invoices and agreements are records and stay (409). */
    async remove(id: number, viewer: Viewer) {
      const doc = await findVisible(id, viewer);
      if (!isDeletable(doc.kind)) throw conflict(RECORD_REFUSALS[doc.kind], 'document_is_record');
      return inTransaction(db, async (tx) => {
        const deleted = await tx
          .delete(documents)
          .where(
            and(
              eq(documents.id, id),
              eq(documents.accountId, doc.accountId),
              inArray(documents.kind, [...DELETABLE]),
            ),
          )
          .returning({ id: documents.id });
        if (deleted.length === 0) throw notFound('Document not found.');
        await recordAccountEvent(tx, {
          accountId: doc.accountId,
          userId: viewer.id,
          kind: 'document_deleted',
          summary: `Document removed: ${doc.fileName}`,
          documentId: doc.id,
        });
        return doc;
      });
    },

    /** A link that works for a few minutes, for this document and this disposition only. */
    async downloadUrl(id: number, viewer: Viewer, disposition: 'inline' | 'attachment') {
      const doc = await findVisible(id, viewer);
      const exp = Math.floor(Date.now() / 1000) + DOWNLOAD_URL_TTL_SECONDS;
      const sig = await sign(id, exp, disposition);
      return {
        downloadUrl: `/api/documents/${id}/file?exp=${exp}&disposition=${disposition}&sig=${sig}`,
        fileName: doc.fileName,
      };
    },

    /** The bytes behind a signed link; a wrong, tampered or expired link is refused. */
    async openSigned(
      id: number,
      q: { exp: number; disposition: 'inline' | 'attachment'; sig: string },
    ) {
      const now = Math.floor(Date.now() / 1000);
      const expected = Buffer.from(await sign(id, q.exp, q.disposition));
      const given = Buffer.from(q.sig);
      const valid = expected.length === given.length && timingSafeEqual(expected, given);
      if (!valid) throw badRequest('This download link is not valid.', 'bad_signature');
      if (q.exp < now)
        throw badRequest(
          'This download link has expired. Please download the document again.',
          'link_expired',
        );
      const [row] = await db
        .select({
          fileName: documents.fileName,
          content: documents.content,
          contentType: documents.contentType,
        })
        .from(documents)
        .where(eq(documents.id, id));
      if (!row) throw notFound('Document not found.');
      return row;
    },
  };
}

export type DocumentsService = ReturnType<typeof createDocumentsService>;

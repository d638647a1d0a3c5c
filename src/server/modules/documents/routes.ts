import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import { messages } from '../../../shared/messages.js';
import {
  documentSchema,
  documentsQuery,
  downloadQuery,
  downloadResponse,
  errorResponses,
  idParam,
  MAX_DOCUMENT_DESCRIPTION,
  messageResponse,
  signedFileQuery,
  uploadResponse,
} from '../../../shared/schemas/index.js';
import { AppError, badRequest, forbidden, validationFailed } from '../../errors.js';
import { isDayKey } from '../../../shared/dates.js';
import { currentUser, requireUser } from '../../plugins/auth-guards.js';
import type { UserRow } from '../../plugins/sessions.js';
import { contentDisposition, safeFileName } from './file-names.js';
import type { DocumentsService } from './service.js';
import { isAdmin } from '../../../shared/roles.js';

const errors = errorResponses(400, 401, 403, 404, 409, 413, 415, 429);

interface Options {
  documents: DocumentsService;
  uploadMaxBytes: number;
}

/** ?accountId= names another church's documents: administrators only (403 admin_required). */
function adminsOnlyName(user: UserRow, accountId: number | undefined) {
  if (accountId !== undefined && !isAdmin(user))
    throw forbidden(messages.adminRequired, 'admin_required');
}

/**
 * `kind=insurance` with `expiresOn` (YYYY-MM-DD) marks a liability insurance
 * certificate (docs/stays.md); any other kind than upload or insurance is refused.
 */
function insuranceFields(fields: Record<string, string>) {
  const kind = fields.kind ?? 'upload';
  if (kind === 'upload') return { kind: 'upload' as const, expiresOn: null };
  if (kind !== 'insurance') {
    throw validationFailed([
      { path: 'body.kind', message: 'A document is either "upload" or "insurance".' },
    ]);
  }
  const expiresOn = (fields.expiresOn ?? '').trim();
  if (!isDayKey(expiresOn)) {
    throw validationFailed([
      {
        path: 'body.expiresOn',
        message: 'Give the last day the certificate is valid, as YYYY-MM-DD.',
      },
    ]);
  }
  return { kind: 'insurance' as const, expiresOn };
}

export async function documentsRoutes(
  app: FastifyInstance,
  { documents, uploadMaxBytes }: Options,
) {
  await app.register(multipart, {
    limits: { fileSize: uploadMaxBytes, files: 1, fields: 8, fieldSize: 10_000, parts: 8 },
  });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const uploadLimit = app.authRateLimits.byAddress('upload');

  r.get('/api/documents', {
    schema: {
      tags: ['documents'],
      summary:
        "My account's documents (an administrator: all, or one account's with ?accountId=, which members may not give)",
      querystring: documentsQuery,
      response: { 200: z.array(documentSchema), ...errors },
    },
    preValidation: requireUser,
    handler: async (request) => {
      const user = currentUser(request);
      adminsOnlyName(user, request.query.accountId);
      return documents.list(user, request.query.accountId);
    },
  });

  r.post('/api/documents/upload', {
    schema: {
      tags: ['documents'],
      summary:
        "Upload a PDF (multipart: documentFile, description); an administrator names the church with ?accountId= (or the form's accountId), and its members see the document",
      consumes: ['multipart/form-data'],
      querystring: documentsQuery,
      response: { 201: uploadResponse, ...errors },
    },
    preValidation: requireUser,
    preHandler: uploadLimit,
    handler: async (request, reply) => {
      const user = currentUser(request);
      adminsOnlyName(user, request.query.accountId);
      if (!request.isMultipart())
        throw new AppError(415, 'unsupported_media_type', messages.unsupportedMediaType);
      let file: { name: string; content: Buffer } | undefined;
      const fields: Record<string, string> = {};
      try {
        for await (const part of request.parts()) {
          if (part.type === 'file') {
            if (part.fieldname !== 'documentFile' || file) {
              part.file.resume();
              continue;
            }
            file = { name: part.filename, content: await part.toBuffer() };
          } else if (typeof part.value === 'string') {
            fields[part.fieldname] = part.value;
          }
        }
      } catch (err) {
        // Limits (413) keep their status; the parser's own errors (a body cut off,
        // no boundary) are the client's malformed input, not a server failure.
        if ((err as { statusCode?: number }).statusCode) throw err;
        throw badRequest('The upload could not be read. Please try again.', 'bad_multipart');
      }
      if (!file || file.content.length === 0)
        throw badRequest(messages.selectFileToUpload, 'file_missing');
      const certificate = insuranceFields(fields);
      const description = (fields.description ?? '').trim();
      if (!description) throw badRequest(messages.enterDescription, 'description_missing');
      if (description.length > MAX_DOCUMENT_DESCRIPTION) {
        throw badRequest(
          `The description can be at most ${MAX_DOCUMENT_DESCRIPTION} characters long.`,
        );
      }
      // Judged by content, not by name: a PDF starts with "%PDF-".
      if (!file.content.subarray(0, 5).equals(Buffer.from('%PDF-'))) {
        throw new AppError(415, 'not_pdf', 'Only PDF documents can be uploaded.');
      }
      let accountId = user.accountId;
      if (isAdmin(user)) {
        const parsed = z.coerce
          .number()
          .int()
          .positive()
          .max(2_147_483_647)
          .safeParse(fields.accountId);
        const fromForm = parsed.success ? parsed.data : null;
        const fromQuery = request.query.accountId ?? null;
        if (fromQuery !== null && fromForm !== null && fromQuery !== fromForm)
          throw badRequest('The address and the form name different accounts.', 'bad_request');
        accountId = fromQuery ?? fromForm;
        if (accountId === null)
          throw badRequest('Choose the account the document belongs to.', 'account_missing');
      }
      if (accountId === null)
        throw new AppError(400, 'no_account', 'Your user is not assigned to an account yet.');
      const id = await documents.upload({
        accountId,
        uploadedBy: user.id,
        fileName: safeFileName(file.name),
        description,
        content: file.content,
        ...certificate,
      });
      const document = await documents.get(id, user);
      return reply.status(201).send({ message: 'Document uploaded.', document });
    },
  });

  r.get('/api/documents/:id/download', {
    schema: {
      tags: ['documents'],
      summary: 'A signed link to the file, valid for a few minutes',
      params: idParam,
      querystring: downloadQuery,
      response: { 200: downloadResponse, ...errors },
    },
    preValidation: requireUser,
    handler: async (request) =>
      documents.downloadUrl(request.params.id, currentUser(request), request.query.disposition),
  });

  r.get('/api/documents/:id/file', {
    schema: {
      tags: ['documents'],
      summary: 'The PDF behind a signed link (the link itself is the permission)',
      params: idParam,
      querystring: signedFileQuery,
    },
    handler: async (request, reply) => {
      const file = await documents.openSigned(request.params.id, request.query);
      return reply
        .type('application/pdf')
        .header('content-disposition', contentDisposition(request.query.disposition, file.fileName))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(file.content);
    },
  });

  r.delete('/api/documents/:id', {
    schema: {
      tags: ['documents'],
      summary: "Delete one of my account's documents",
      params: idParam,
      response: { 200: messageResponse, ...errors },
    },
    preValidation: requireUser,
    handler: async (request) => {
      await documents.remove(request.params.id, currentUser(request));
      return { message: 'Document deleted.' };
    },
  });
}

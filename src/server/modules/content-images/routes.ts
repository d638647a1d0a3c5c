import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { messages } from '../../../shared/messages.js';
import {
  contentImageParams,
  contentImageUploadResponse,
  errorResponses,
} from '../../../shared/schemas/index.js';
import { AppError, badRequest } from '../../errors.js';
import { currentUser, requireAdmin } from '../../plugins/auth-guards.js';
import { UPLOADS_DIR, type ContentImagesService } from './service.js';

interface Options {
  images: ContentImagesService;
  imageMaxBytes: number;
}

/** A year: a name never serves other bytes (docs/site-content.md, "Caching"). */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The staff's pictures for the house's content (docs/site-content.md, "Images"). */
export async function contentImagesRoutes(
  app: FastifyInstance,
  { images, imageMaxBytes }: Options,
) {
  await app.register(multipart, {
    limits: { fileSize: imageMaxBytes, files: 1, fields: 4, fieldSize: 1_000, parts: 5 },
  });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const uploadLimit = app.authRateLimits.byAddress('upload');

  r.post('/api/admin/content/images', {
    schema: {
      tags: ['content'],
      summary:
        'Upload a picture for the content (multipart: image; JPEG, PNG or WebP): stored upright, without metadata, as WebP at the widths the pages use',
      consumes: ['multipart/form-data'],
      response: {
        201: contentImageUploadResponse,
        ...errorResponses(400, 401, 403, 413, 415, 429),
      },
    },
    preValidation: requireAdmin,
    preHandler: uploadLimit,
    handler: async (request, reply) => {
      const user = currentUser(request);
      if (!request.isMultipart())
        throw new AppError(415, 'unsupported_media_type', messages.unsupportedMediaType);
      let image: Buffer | undefined;
      try {
        for await (const part of request.parts()) {
          if (part.type !== 'file') continue;
          if (part.fieldname !== 'image' || image) {
            part.file.resume();
            continue;
          }
          image = await part.toBuffer();
        }
      } catch (err) {
        // Limits (413) keep their status; a body the parser cannot read is the client's.
        if ((err as { statusCode?: number }).statusCode) throw err;
        throw badRequest('The upload could not be read. Please try again.', 'bad_multipart');
      }
      if (!image || image.length === 0)
        throw badRequest(messages.selectFileToUpload, 'file_missing');
      return reply.status(201).send(await images.upload(image, user.id));
    },
  });

  r.get('/api/content/images/uploads/:name', {
    // Public and cached for a year by browsers and proxies: never a cookie.
    config: { setsCookies: false, etag: true },
    schema: {
      tags: ['content'],
      summary: 'An uploaded content picture, by the name its path ends with',
      params: contentImageParams,
    },
    handler: async (request, reply) => {
      const { name } = request.params;
      const image = await images.find(`${UPLOADS_DIR}/${name}`);
      // The name carries a hash of the upload and the width: it is the ETag.
      return reply
        .type(image.contentType)
        .header('cache-control', IMMUTABLE)
        .header('etag', `"${name.replace(/\.webp$/, '')}"`)
        .header('x-content-type-options', 'nosniff')
        .send(image.bytes);
    },
  });
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  contentBody,
  contentHistorySchema,
  contentNameParam,
  contentRevertBody,
  contentVersionParam,
  errorResponses,
} from '../../../shared/schemas/index.js';
import { currentUser, requireAdmin } from '../../plugins/auth-guards.js';
import type { Db } from '../../db/open.js';
import { createSiteContentService, etagOfVersion, preconditionOf } from './service.js';
import type { ContentStore } from './store.js';

/** The staff's edits of the house's content (docs/site-content.md). */
export async function siteContentRoutes(
  app: FastifyInstance,
  { db, store }: { db: Db; store: ContentStore },
) {
  const siteContent = createSiteContentService({ db, store, dir: store.dir });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['content'];

  r.get('/api/admin/content/:name', {
    schema: {
      tags,
      summary:
        'A kind of content as published: the same JSON as its file in content/, its version in the ETag ("3") (admin)',
      params: contentNameParam,
      response: { 200: contentBody, ...errorResponses(400, 401, 403, 404) },
    },
    preValidation: requireAdmin,
    handler: async (request, reply) => {
      const { version, body } = await siteContent.current(request.params.name);
      // The version the editor starts from: sent back as If-Match (docs/site-content.md).
      reply.header('etag', etagOfVersion(version));
      return body;
    },
  });

  r.put('/api/admin/content/:name', {
    schema: {
      tags,
      summary:
        'Publish a new version of a kind of content, checked like its file (400 validation_failed lists every problem; nothing changes). With If-Match: "<version>" (the ETag of the GET), 412 content_changed when another version is current now (admin)',
      params: contentNameParam,
      body: contentBody,
      response: { 200: contentBody, ...errorResponses(400, 401, 403, 404, 412) },
    },
    preValidation: requireAdmin,
    handler: async (request, reply) => {
      const { version, body } = await siteContent.publish(
        request.params.name,
        request.body,
        currentUser(request).username,
        preconditionOf(request.headers['if-match']),
      );
      reply.header('etag', etagOfVersion(version));
      return body;
    },
  });

  r.get('/api/admin/content/:name/history', {
    schema: {
      tags,
      summary:
        'Every version of a kind of content, newest first: who published it and when (admin)',
      params: contentNameParam,
      response: { 200: contentHistorySchema, ...errorResponses(400, 401, 403) },
    },
    preValidation: requireAdmin,
    handler: async (request) => siteContent.history(request.params.name),
  });

  r.get('/api/admin/content/:name/versions/:version', {
    schema: {
      tags,
      summary: 'One version of a kind of content, to look at before reverting to it (admin)',
      params: contentVersionParam,
      response: { 200: contentBody, ...errorResponses(400, 401, 403, 404) },
    },
    preValidation: requireAdmin,
    handler: async (request) => siteContent.versionOf(request.params.name, request.params.version),
  });

  r.post('/api/admin/content/:name/revert', {
    schema: {
      tags,
      summary:
        'Publish an earlier version again, as the newest (checked like an edit: a picture since removed is refused; If-Match as for PUT, 412 content_changed) (admin)',
      params: contentNameParam,
      body: contentRevertBody,
      response: { 200: contentBody, ...errorResponses(400, 401, 403, 404, 412) },
    },
    preValidation: requireAdmin,
    handler: async (request, reply) => {
      const { version, body } = await siteContent.revert(
        request.params.name,
        request.body.version,
        currentUser(request).username,
        preconditionOf(request.headers['if-match']),
      );
      reply.header('etag', etagOfVersion(version));
      return body;
    },
  });
}

/**
 * The content the staff edit (docs/site-content.md): each kind's published
 * JSON, its versions, publishing a draft, going back to a version, and the
 * upload of a picture.
 */
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { contentImageUploadResponse } from '../../../../shared/schemas/content-images.js';
import { api, ApiError, requestWithHeaders } from '@/lib/api/client.js';
import type { ContentName } from '../kinds.js';

export type UploadedImage = z.infer<typeof contentImageUploadResponse>;

/** One published version of a kind; `changedBy` is null for the one from the content files. */
export interface ContentVersion {
  version: number;
  changedBy: string | null;
  changedAt: string;
}

/**
 * A kind as published: its JSON and its version, from the answer's ETag
 * (`"3"`), which an edit sends back as If-Match; null when there is none
 * (a kind the house does not have yet), and then an edit applies whatever is
 * current.
 */
export interface Published {
  body: unknown;
  version: number | null;
}

/** Who published the version that is current now, and when (a 412 `content_changed`). */
export interface ContentChange {
  version: number | null;
  changedBy: string | null;
  changedAt: string | null;
}

const versionOf = (headers: Headers): number | null => {
  const match = /^"([0-9]+)"$/.exec(headers.get('etag') ?? '');
  return match ? Number(match[1]) : null;
};

const ifMatch = (version: number | null): Record<string, string> =>
  version === null ? {} : { 'If-Match': `"${version}"` };

/** The answer of a 412 `content_changed` (someone published after the version edited); else null. */
export function contentChangeOf(error: unknown): ContentChange | null {
  if (!(error instanceof ApiError) || error.code !== 'content_changed') return null;
  const d = error.details ?? {};
  return {
    version: typeof d.version === 'number' ? d.version : null,
    changedBy: typeof d.changedBy === 'string' ? d.changedBy : null,
    changedAt: typeof d.changedAt === 'string' ? d.changedAt : null,
  };
}

/** Not under 'auth', 'facility' or 'public': dropped when the session ends. */
export const siteKey = ['admin', 'site'] as const;

const base = (name: ContentName) => `/admin/content/${name}`;

/** GET /api/admin/content/{name}: the published JSON and its version (404 when the house has none). */
export const contentQuery = (name: ContentName) =>
  queryOptions({
    queryKey: [...siteKey, 'content', name],
    queryFn: async ({ signal }): Promise<Published> => {
      const { data, headers } = await requestWithHeaders<unknown>('GET', base(name), { signal });
      return { body: data, version: versionOf(headers) };
    },
    staleTime: Infinity,
  });

/** GET /api/admin/content/{name}/history: the versions, newest first. */
export const historyQuery = (name: ContentName) =>
  queryOptions({
    queryKey: [...siteKey, 'history', name],
    queryFn: ({ signal }) => api.get<ContentVersion[]>(`${base(name)}/history`, { signal }),
  });

/** GET /api/admin/content/{name}/versions/{version}: an old version's JSON. */
export const versionQuery = (name: ContentName, version: number) =>
  queryOptions({
    queryKey: [...siteKey, 'version', name, version],
    queryFn: ({ signal }) => api.get<unknown>(`${base(name)}/versions/${version}`, { signal }),
    staleTime: Infinity,
  });

/**
 * PUT /api/admin/content/{name}: publishes the whole JSON as the successor of
 * `from` (the version the draft started from; 412 `content_changed` when
 * another is current now); answers it as saved, with its version.
 */
export async function publishContent(
  name: ContentName,
  body: unknown,
  from: number | null,
): Promise<Published> {
  const answer = await requestWithHeaders<unknown>('PUT', base(name), {
    body,
    headers: ifMatch(from),
  });
  return { body: answer.data, version: versionOf(answer.headers) };
}

/** POST /api/admin/content/{name}/revert: publishes an old version again over `from`, as publishContent. */
export async function revertContent(
  name: ContentName,
  version: number,
  from: number | null,
): Promise<Published> {
  const answer = await requestWithHeaders<unknown>('POST', `${base(name)}/revert`, {
    body: { version },
    headers: ifMatch(from),
  });
  return { body: answer.data, version: versionOf(answer.headers) };
}

/** POST /api/admin/content/images: stores a picture; its `path` is what content names. */
export function uploadImage(file: File) {
  const form = new FormData();
  form.append('image', file, file.name);
  return api.post<UploadedImage>('/admin/content/images', form);
}

/** Where an uploaded picture is served; a picture shipped with the site has no known address. */
export function pictureUrl(src: string): string | null {
  const prefix = 'images/uploads/';
  return src.startsWith(prefix) ? `/api/content/${src}` : null;
}

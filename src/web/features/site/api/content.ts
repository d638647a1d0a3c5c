/**
 * The content the staff edit (docs/site-content.md): each kind's published
 * JSON, its versions, publishing a draft, going back to a version, and the
 * upload of a picture.
 */
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { contentImageUploadResponse } from '../../../../shared/schemas/content-images.js';
import { api } from '@/lib/api/client.js';
import type { ContentName } from '../kinds.js';

export type UploadedImage = z.infer<typeof contentImageUploadResponse>;

/** One published version of a kind; `changedBy` is null for the one from the content files. */
export interface ContentVersion {
  version: number;
  changedBy: string | null;
  changedAt: string;
}

/** Not under 'auth', 'facility' or 'public': dropped when the session ends. */
export const siteKey = ['admin', 'site'] as const;

const base = (name: ContentName) => `/admin/content/${name}`;

/** GET /api/admin/content/{name}: the published JSON (404 when the house has none). */
export const contentQuery = (name: ContentName) =>
  queryOptions({
    queryKey: [...siteKey, 'content', name],
    queryFn: ({ signal }) => api.get<unknown>(base(name), { signal }),
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

/** PUT /api/admin/content/{name}: publishes the whole JSON; answers it as saved. */
export const publishContent = (name: ContentName, body: unknown) =>
  api.put<unknown>(base(name), body);

/** POST /api/admin/content/{name}/revert: publishes an old version again; answers the JSON now published. */
export const revertContent = (name: ContentName, version: number) =>
  api.post<unknown>(`${base(name)}/revert`, { version });

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

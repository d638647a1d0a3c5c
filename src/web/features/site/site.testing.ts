/**
 * Test fixtures of the Site area: the real files of content/ as the server
 * answers them, a fake content API that keeps what is published and counts
 * versions, and the editor of a kind opened on its form.
 */
import { screen } from '@testing-library/react';
import agreement from '../../../../content/agreement.json';
import arrival from '../../../../content/arrival.json';
import facility from '../../../../content/facility.json';
import floorPlans from '../../../../content/floor-plans.json';
import gallery from '../../../../content/gallery.json';
import outdoorMap from '../../../../content/outdoor-map.json';
import pages from '../../../../content/pages.json';
import pricing from '../../../../content/pricing.json';
import rooms from '../../../../content/rooms.json';
import {
  callsTo,
  facilityInfo,
  mockApi,
  renderPageAt,
  testAdmin,
  type FakeReply,
  type FakeRequest,
  type FakeRoutes,
} from '@/test/utils.js';
import type { ContentVersion } from './api/content.js';
import { CONTENT_NAMES, KINDS, type ContentName } from './kinds.js';

/** Each kind as its file in content/ holds it. */
export const CONTENT: Record<ContentName, unknown> = {
  facility,
  pages,
  gallery,
  'floor-plans': floorPlans,
  'outdoor-map': outdoorMap,
  pricing,
  arrival,
  agreement,
  rooms,
};

/** A copy to change in a test. */
export const contentOf = <T = Record<string, unknown>>(name: ContentName) =>
  structuredClone(CONTENT[name]) as T;

/** The versions every kind starts with: the seed from the files, then one edit. */
export const SEED: ContentVersion = {
  version: 1,
  changedBy: null,
  changedAt: '2027-03-01T09:00:00.000Z',
};
export const EDIT: ContentVersion = {
  version: 2,
  changedBy: 'admin',
  changedAt: '2027-03-05T15:04:00.000Z',
};

/**
 * The content API with every kind published as its file (version 2; version
 * 1 is `earlier[name]`, else the same): a PUT or a revert publishes a new
 * version, which GET and the history then answer. Like the server, GET, PUT
 * and revert answer the version as their ETag, and a PUT or revert whose
 * If-Match names another version than the newest answers 412
 * `content_changed`. `routes` replace any of it; `elsewhere` publishes a
 * version as another administrator would meanwhile.
 */
export function siteServer(
  routes: FakeRoutes = {},
  earlier: Partial<Record<ContentName, unknown>> = {},
) {
  const bodies = new Map<ContentName, unknown[]>(
    CONTENT_NAMES.map((n) => [n, [undefined, earlier[n] ?? CONTENT[n], CONTENT[n]]]),
  );
  const versions = new Map<ContentName, ContentVersion[]>(
    CONTENT_NAMES.map((n) => [n, [EDIT, SEED]]),
  );
  const newest = (name: ContentName) => versions.get(name)![0]!;
  const etag = (name: ContentName) => ({ ETag: `"${newest(name).version}"` });
  const publish = (name: ContentName, body: unknown, by = 'admin', at = EDIT.changedAt) => {
    bodies.get(name)!.push(body);
    const list = versions.get(name)!;
    list.unshift({ version: list[0]!.version + 1, changedBy: by, changedAt: at });
    return { body, headers: etag(name) };
  };
  /** 412 when the request's If-Match names another version than the newest. */
  const stale = (name: ContentName, req: FakeRequest): FakeReply | null => {
    const tag = req.headers.get('If-Match');
    if (tag === null || tag === `"${newest(name).version}"`) return null;
    return {
      status: 412,
      body: {
        code: 'content_changed',
        message: `Version ${newest(name).version} was published by ${newest(name).changedBy} after the version you edited: nothing was saved.`,
        ...newest(name),
      },
    };
  };
  const all: FakeRoutes = { 'GET /api/facility/info': facilityInfo('UTC') };
  for (const name of CONTENT_NAMES) {
    const at = `/api/admin/content/${name}`;
    all[`GET ${at}`] = () => ({ body: bodies.get(name)!.at(-1), headers: etag(name) });
    all[`PUT ${at}`] = (req) => stale(name, req) ?? publish(name, req.body);
    all[`GET ${at}/history`] = () => ({ body: versions.get(name) });
    for (let v = 1; v <= 20; v++)
      all[`GET ${at}/versions/${v}`] = () => {
        const body = bodies.get(name)![v];
        return body === undefined ? { status: 404, body: { message: 'Not found.' } } : { body };
      };
    all[`POST ${at}/revert`] = (req) =>
      stale(name, req) ??
      publish(name, bodies.get(name)![(req.body as { version: number }).version]);
  }
  const fetchMock = mockApi({ ...all, ...routes }, { user: testAdmin });
  return Object.assign(fetchMock, {
    /** Another administrator publishes `body` (`by`, at `at`) while this page is open. */
    elsewhere: (name: ContentName, body: unknown, by: string, at: string) =>
      publish(name, body, by, at),
  });
}

/** Opens the editor of a kind and waits for its form. */
export async function openEditor(name: ContentName) {
  const result = await renderPageAt(`/admin/site/${name}`, KINDS[name].title);
  await screen.findByRole('button', { name: 'Preview' }, { timeout: 5000 });
  return result;
}

/** The bodies the page published of a kind. */
export const putBodies = (fetchMock: ReturnType<typeof mockApi>, name: ContentName) =>
  callsTo(fetchMock, `PUT /api/admin/content/${name}`).map((r) => r.body);

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
 * version, which GET and the history then answer. `routes` replace any of it.
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
  const publish = (name: ContentName, body: unknown) => {
    bodies.get(name)!.push(body);
    const list = versions.get(name)!;
    list.unshift({ version: list[0]!.version + 1, changedBy: 'admin', changedAt: EDIT.changedAt });
    return { body };
  };
  const all: FakeRoutes = { 'GET /api/facility/info': facilityInfo('UTC') };
  for (const name of CONTENT_NAMES) {
    const at = `/api/admin/content/${name}`;
    all[`GET ${at}`] = () => ({ body: bodies.get(name)!.at(-1) });
    all[`PUT ${at}`] = (req) => publish(name, req.body);
    all[`GET ${at}/history`] = () => ({ body: versions.get(name) });
    for (const v of [1, 2]) all[`GET ${at}/versions/${v}`] = () => ({ body: bodies.get(name)![v] });
    all[`POST ${at}/revert`] = (req) =>
      publish(name, bodies.get(name)![(req.body as { version: number }).version]);
  }
  return mockApi({ ...all, ...routes }, { user: testAdmin });
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

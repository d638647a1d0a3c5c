/**
 * Test helpers: a fake `/api` behind `fetch`, and the whole app (real routes,
 * guards and providers) in a memory router.
 */
import { QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, expect, onTestFinished, vi } from 'vitest';
import { utcOffsetMinutes } from '../../shared/dates.js';
import type { User } from '../../shared/schemas/auth.js';
import { AppProviders } from '../app/AppProviders.js';
import { installGlobalLogout } from '../app/globalLogout.js';
import { routes } from '../app/routes.js';

export interface FakeRequest {
  method: string;
  path: string;
  url: string;
  headers: Headers;
  body: unknown;
}

export interface FakeReply {
  status?: number;
  body?: unknown;
  /** Further answer headers, e.g. an `ETag`. */
  headers?: Record<string, string>;
}

export type FakeHandler = FakeReply | ((req: FakeRequest) => FakeReply | Promise<FakeReply>);

/** Keys are "METHOD /api/path" (the query string is not part of the key). */
export type FakeRoutes = Record<string, FakeHandler>;

export const testUser: User = {
  id: 2,
  username: 'member',
  email: 'member@example.org',
  role: 'User',
  accountId: 1,
  createdAt: '2025-01-01T00:00:00.000Z',
};

export const testAdmin: User = { ...testUser, id: 1, username: 'admin', role: 'Administrator' };

export function authStatus(user: User | null): FakeReply {
  return { body: { authenticated: user !== null, user } };
}

/** GET /api/facility/info as the server answers it: the zone's offset is counted when asked (fake clocks included). */
export function facilityInfo(
  timeZone = 'America/Chicago',
  {
    name = 'House',
    description = 'A house',
    turnoverDays = 0,
  }: { name?: string; description?: string; turnoverDays?: number } = {},
): FakeHandler {
  return () => ({
    body: {
      name,
      description,
      timeZone,
      utcOffsetMinutes: utcOffsetMinutes(timeZone),
      turnoverDays,
    },
  });
}

/** The XSRF-TOKEN cookie that `mockApi` sets unless told otherwise. */
const TEST_CSRF_TOKEN = 'test-csrf-token';

export function setCsrfCookie(value = TEST_CSRF_TOKEN): void {
  document.cookie = `XSRF-TOKEN=${value}; path=/`;
}

export interface MockApiOptions {
  /** Who GET /api/auth/status says is signed in (a visitor when null); a route for it wins. */
  user?: User | null;
  /**
   * The XSRF-TOKEN cookie: the server sets it with every HTML page, so a
   * browser has one before its first call. Null leaves it out, for tests of
   * how the client fetches a missing one.
   */
  csrfToken?: string | null;
}

/**
 * Replaces `fetch` with the given routes. Unknown routes answer 404; by
 * default the visitor is logged out, has the CSRF cookie, and the facility
 * info is unavailable. Returns the mock, whose calls are `[url, init]`.
 */
export function mockApi(
  routes: FakeRoutes = {},
  { user = null, csrfToken = TEST_CSRF_TOKEN }: MockApiOptions = {},
) {
  if (csrfToken !== null) setCsrfCookie(csrfToken);
  const all: FakeRoutes = {
    'GET /api/auth/status': authStatus(user),
    'GET /api/facility/info': { status: 404, body: { message: 'Not found.' } },
    ...routes,
  };
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = (init.method ?? 'GET').toUpperCase();
    const path = new URL(url, 'http://localhost').pathname;
    const handler = all[`${method} ${path}`];
    let body: unknown = init.body;
    if (typeof init.body === 'string') body = JSON.parse(init.body) as unknown;
    const request: FakeRequest = { method, path, url, headers: new Headers(init.headers), body };
    const reply: FakeReply =
      handler === undefined
        ? { status: 404, body: { message: 'Not found.' } }
        : typeof handler === 'function'
          ? await handler(request)
          : handler;
    const status = reply.status ?? 200;
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status,
      headers: { 'Content-Type': 'application/json', ...reply.headers },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The calls made to one route, e.g. `callsTo(fetchMock, 'POST /api/auth/login')`. */
export function callsTo(fetchMock: ReturnType<typeof mockApi>, key: string): FakeRequest[] {
  const [method, path] = key.split(' ');
  return fetchMock.mock.calls
    .map(([input, init = {}]) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : init.body;
      return {
        method: (init.method ?? 'GET').toUpperCase(),
        path: new URL(url, 'http://localhost').pathname,
        url,
        headers: new Headers(init.headers),
        body,
      };
    })
    .filter((r) => r.method === method && r.path === path);
}

export function createTestQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } },
  });
}

export type InitialEntry = string | { pathname: string; search?: string; state?: unknown };

/** Renders the whole app at `entry` with the real routes. */
export function renderApp(entry: InitialEntry = '/') {
  const queryClient = createTestQueryClient();
  const router = createMemoryRouter(routes, { initialEntries: [entry] });
  const unsubscribe = installGlobalLogout(router, queryClient);
  onTestFinished(() => {
    unsubscribe();
    router.dispose();
    queryClient.clear();
  });
  const result = render(
    <AppProviders queryClient={queryClient} env="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, router, queryClient };
}

/**
 * Renders the whole app at `entry` and waits for the page's h1 `heading`. The
 * first render of a file also loads the page's chunk, which takes seconds on a
 * busy machine: it waits up to 5 s for it.
 */
export async function renderPageAt(entry: InitialEntry, heading: string) {
  const result = renderApp(entry);
  expect(
    await screen.findByRole('heading', { level: 1, name: heading }, { timeout: 5000 }),
  ).toBeInTheDocument();
  return result;
}

/** A section of the page, by its heading. */
export const region = (name: string) => screen.getByRole('region', { name });

/** Types `text` at the end of a text field and waits until the field holds all of it. */
export async function typeText(field: HTMLElement, text: string) {
  const before = (field as HTMLInputElement).value;
  await userEvent.type(field, text);
  await waitFor(() => expect(field).toHaveValue(before + text));
}

/**
 * The open dialog (named `name`), once it holds the focus. A dialog moves the
 * focus into itself a moment after it appears (its focus trap's timer); keys
 * typed before then, on a busy machine, went to the button it focused.
 */
export async function findDialog(name?: string | RegExp) {
  const dialog = await screen.findByRole('dialog', name === undefined ? {} : { name });
  await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
  return dialog;
}

/**
 * Makes `window.open` answer with a fake tab: document links open a blank tab
 * inside the click (so that pop-up blockers allow it) and send it to the
 * signed link when that arrives. Returns the tab and the spy.
 */
export function fakeTab() {
  const tab = { opener: {} as unknown, closed: false, location: { href: '' }, close: vi.fn() };
  const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
  return { tab, open };
}

/**
 * Sets happy-dom's viewport for one test (390×844 unless given): `matchMedia`,
 * and so `useIsPhone`, answer by it as a browser would. Returns a function
 * that resizes it again within the test (a tablet turned), restored after.
 */
export function atPhoneWidth(size = { width: 390, height: 844 }) {
  const { happyDOM } = window as unknown as {
    happyDOM: { setViewport(v: { width: number; height: number }): void };
  };
  const before = { width: window.innerWidth, height: window.innerHeight };
  happyDOM.setViewport(size);
  onTestFinished(() => happyDOM.setViewport(before));
  return (next: { width: number; height: number }) => happyDOM.setViewport(next);
}

/**
 * Stops the calendar clock at `now` for each test of the calling file: only
 * `Date` is faked, so timers and promises run as usual.
 */
export function fixDateForEachTest(now: Date) {
  beforeEach(() => {
    vi.useFakeTimers({ now, toFake: ['Date'] });
  });
}

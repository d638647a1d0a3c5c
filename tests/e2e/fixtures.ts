import { readdir, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  test as base,
  expect,
  type APIRequest,
  type APIRequestContext,
  type APIResponse,
  type Locator,
  type Page,
} from '@playwright/test';
import { PDFDocument, StandardFonts } from 'pdf-lib';

export const ADMIN = { username: 'admin', password: 'admin-e2e-password' };
/** The password of every member the specs register. */
export const MEMBER_PASSWORD = 'pass-word-1';
/** The dev outbox of the server scripts/e2e-server.mjs started for this run. */
const outboxDir = path.join(os.tmpdir(), `retreat-e2e-${process.env.E2E_PORT}`, 'outbox');

/** Calls the API like the web app does: cookies kept, the CSRF cookie echoed. */
export async function api(
  request: APIRequestContext,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  data?: unknown,
): Promise<APIResponse> {
  let state = await request.storageState();
  if (!state.cookies.some((c) => c.name === 'XSRF-TOKEN')) {
    await request.get('/api/auth/status');
    state = await request.storageState();
  }
  const xsrf = state.cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  return request.fetch(url, { method, data, headers: { 'X-XSRF-TOKEN': xsrf } });
}

export async function apiLogin(request: APIRequestContext, username: string, password: string) {
  const res = await api(request, 'POST', '/api/auth/login', { username, password });
  expect(res.status(), await res.text()).toBe(200);
}

/** Registers a user and has the administrator approve them into a new account. */
export async function registerApproved(
  admin: APIRequestContext,
  user: { username: string; password: string; email?: string },
  accountName?: string,
) {
  const reg = await api(admin, 'POST', '/api/auth/register', user);
  expect(reg.status(), await reg.text()).toBe(201);
  await approve(admin, user.username, accountName);
}

/**
 * A new member (`prefix` made unique, with the address `{username}@example.org`
 * only when `withEmail`) approved into a church of their own: their username.
 */
export async function newMember(
  admin: APIRequestContext,
  prefix: string,
  { withEmail = false } = {},
) {
  const username = unique(prefix);
  const email = withEmail ? { email: `${username}@example.org` } : {};
  await registerApproved(admin, { username, password: MEMBER_PASSWORD, ...email });
  return username;
}

/** A new member, as newMember makes them, logged in on `page`: their username. */
export async function memberOnPage(
  admin: APIRequestContext,
  page: Page,
  prefix: string,
  options?: { withEmail?: boolean },
) {
  const username = await newMember(admin, prefix, options);
  await loginPage(page, username, MEMBER_PASSWORD);
  return username;
}

/**
 * A new member with an address, as newMember makes them, and an API context
 * logged in as them: the caller disposes it.
 */
export async function approvedMember(
  admin: APIRequestContext,
  request: APIRequest,
  baseURL: string | undefined,
  prefix: string,
) {
  const username = await newMember(admin, prefix, { withEmail: true });
  const memberApi = await request.newContext({ baseURL });
  await apiLogin(memberApi, username, MEMBER_PASSWORD);
  return { username, memberApi };
}

/** Approves a pending user into a new account (named after them unless `accountName` is given). */
export async function approve(
  admin: APIRequestContext,
  username: string,
  accountName = `Church of ${username}`,
) {
  const pending = (await (await api(admin, 'GET', '/api/users/pending')).json()) as {
    id: number;
    username: string;
  }[];
  const entry = pending.find((p) => p.username === username);
  expect(entry, `${username} is pending`).toBeTruthy();
  const account = await api(admin, 'POST', '/api/account', { accountName });
  expect(account.status()).toBe(201);
  const { id: accountId } = (await account.json()) as { id: number };
  expect(
    (await api(admin, 'PUT', `/api/users/${entry!.id}/assign-account`, { accountId })).status(),
  ).toBe(200);
  expect((await api(admin, 'PATCH', `/api/users/${entry!.id}/approve`)).status()).toBe(200);
}

/**
 * Clicks a button that opens a stored document in a new tab, and checks that
 * the tab got the PDF shown inline (not downloaded); closes the tab and
 * returns the answer, whose URL is the document's signed link.
 */
export async function opensPdfInNewTab(page: Page, button: Locator) {
  const context = page.context();
  const newTab = context.waitForEvent('page');
  const pdfResponse = context.waitForEvent('response', (r) =>
    /\/api\/documents\/\d+\/file\?/.test(r.url()),
  );
  await button.click();
  const tab = await newTab;
  const response = await pdfResponse;
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('application/pdf');
  expect(response.headers()['content-disposition']).toMatch(/^inline/);
  expect(response.frame().page()).toBe(tab);
  await tab.close();
  return response;
}

/** The address of the user logged in on `request` (null when none). */
export async function myEmail(request: APIRequestContext): Promise<string | null> {
  const res = await api(request, 'GET', '/api/auth/status');
  return ((await res.json()) as { user?: { email: string | null } }).user?.email ?? null;
}

export async function setMyEmail(request: APIRequestContext, email: string | null) {
  const res = await api(request, 'PUT', '/api/users/me/email', { email });
  expect(res.status(), await res.text()).toBe(200);
}

/**
 * Runs `journey` while the user of `request` has no address, and puts their
 * address back after: the shared administrator is used by other specs, and
 * the API cannot make a second one.
 */
export async function withoutEmail(request: APIRequestContext, journey: () => Promise<void>) {
  const before = await myEmail(request);
  await setMyEmail(request, null);
  try {
    await journey();
  } finally {
    await setMyEmail(request, before);
  }
}

/** Logs the page's browser context in through the API (the login form has its own test). */
export async function loginPage(page: Page, username: string, password: string) {
  await apiLogin(page.request, username, password);
}

/** The newest mail in the dev outbox sent to an address, whose subject matches. */
export async function lastMailTo(
  to: string,
  subject: RegExp = /./,
): Promise<{ to: string; subject: string; text: string }> {
  const deadline = Date.now() + 5000;
  while (Date.now() < deadline) {
    const files = (await readdir(outboxDir).catch(() => [] as string[]))
      .filter((f) => f.endsWith('.json'))
      .sort()
      .reverse();
    for (const f of files) {
      const mail = JSON.parse(await readFile(path.join(outboxDir, f), 'utf8')) as {
        to: string;
        subject: string;
        text: string;
      };
      if (mail.to === to && subject.test(mail.subject)) return mail;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no mail to ${to} in ${outboxDir}`);
}

export const unique = (prefix: string) =>
  `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

export const test = base.extend<{ admin: APIRequestContext }>({
  // A prerendered page is shown before the app has taken it over, and a click
  // before that does nothing: after going to a page of the app, wait for its
  // ready mark (src/web/app/AppProviders.tsx), as a person waits for a page
  // to answer.
  // The tests have no network: the map's OpenStreetMap frame is refused at
  // once instead of waiting, and the pages still work.
  page: async ({ page, javaScriptEnabled }, use) => {
    await page.route('https://www.openstreetmap.org/**', (route) => route.abort());
    if (javaScriptEnabled !== false) {
      const goto = page.goto.bind(page);
      page.goto = async (url, options) => {
        const response = await goto(url, options);
        if (response && (await response.text()).includes('<div id="root"')) {
          await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
        }
        return response;
      };
    }
    await use(page);
  },
  admin: async ({ playwright, baseURL }, use) => {
    const ctx = await playwright.request.newContext({ baseURL });
    await apiLogin(ctx, ADMIN.username, ADMIN.password);
    await use(ctx);
    await ctx.dispose();
  },
});
export { expect };

/** A small real PDF whose bytes are unique to this run. */
export async function makePdf(text: string): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const pdfPage = doc.addPage([420, 300]);
  pdfPage.drawText(text, { x: 40, y: 240, size: 14, font });
  pdfPage.drawText(`Generated ${new Date().toISOString()}`, { x: 40, y: 210, size: 10, font });
  return Buffer.from(await doc.save());
}

/** Uploads a PDF through the multipart API (as the Documentation screen does); the stored document. */
export async function uploadDocument(
  request: APIRequestContext,
  fileName: string,
  description: string,
): Promise<{ id: number; fileName: string; description: string }> {
  await request.get('/api/auth/status');
  const xsrf =
    (await request.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const res = await request.post('/api/documents/upload', {
    headers: { 'X-XSRF-TOKEN': xsrf },
    multipart: {
      documentFile: {
        name: fileName,
        mimeType: 'application/pdf',
        buffer: await makePdf('Uploaded in a test.'),
      },
      description,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { document: { id: number; fileName: string; description: string } })
    .document;
}

const dayKey = (d: Date) => d.toISOString().slice(0, 10);

/**
 * Requests `days` days starting `from` to `to` days after today (UTC), as the
 * member behind `request`. The e2e database is shared by every spec of a run:
 * the start is random, and a clash (409) tries another one.
 */
export async function reserveDays(
  request: APIRequestContext,
  body: { eventName: string; eventDescription: string; additionalInfo?: string },
  window: { from: number; to: number },
  days = 3,
): Promise<{ id: number; startTime: string; endTime: string }> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const start = new Date();
    start.setUTCDate(
      start.getUTCDate() + window.from + Math.floor(Math.random() * (window.to - window.from + 1)),
    );
    const end = new Date(start);
    end.setUTCDate(end.getUTCDate() + days - 1);
    const res = await api(request, 'POST', '/api/reservations', {
      startTime: `${dayKey(start)}T00:00:00.000Z`,
      endTime: `${dayKey(end)}T23:59:59.999Z`,
      ...body,
    });
    if (res.status() === 409) continue;
    expect(res.status(), await res.text()).toBe(201);
    return (await res.json()) as { id: number; startTime: string; endTime: string };
  }
  throw new Error(`no free days found for ${body.eventName}`);
}

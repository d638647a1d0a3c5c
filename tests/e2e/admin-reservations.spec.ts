import type { APIRequestContext } from '@playwright/test';
import { messages } from '../../src/shared/messages.js';
import { api, approvedMember, expect, loginPage, test, unique } from './fixtures.js';

interface Created {
  id: number;
  eventName: string;
  startTime: string;
  endTime: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * Requests a few days as the member behind `member`. The e2e database is shared
 * by every test of a run, so the days are random far-future ones (2028-2030,
 * inside the booking horizon); a clash just tries other days.
 */
async function requestDays(
  member: APIRequestContext,
  eventName: string,
  days = 2,
): Promise<Created> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const year = 2028 + Math.floor(Math.random() * 3);
    const month = 1 + Math.floor(Math.random() * 12);
    const first = 1 + Math.floor(Math.random() * (28 - days));
    const day = (d: number) => `${year}-${pad(month)}-${pad(d)}`;
    const res = await api(member, 'POST', '/api/reservations', {
      startTime: `${day(first)}T00:00:00.000Z`,
      endTime: `${day(first + days - 1)}T23:59:59.999Z`,
      eventName,
      eventDescription: `Description of ${eventName}`,
      additionalInfo: '',
    });
    if (res.status() === 409) continue;
    expect(res.status(), await res.text()).toBe(201);
    return (await res.json()) as Created;
  }
  throw new Error(`no free days found for ${eventName}`);
}

test('an administrator approves, rejects, deletes, cancels, edits and filters reservations', async ({
  page,
  admin,
  playwright,
  baseURL,
}) => {
  const tag = unique('');
  const members: string[] = [];
  const contexts: APIRequestContext[] = [];
  for (const prefix of ['host', 'guest']) {
    const { username, memberApi } = await approvedMember(
      admin,
      playwright.request,
      baseURL,
      prefix,
    );
    members.push(username);
    contexts.push(memberApi);
  }
  const [host, guest] = contexts as [APIRequestContext, APIRequestContext];
  const toApprove = await requestDays(host, `Spring retreat ${tag}`, 3);
  const toReject = await requestDays(host, `Choir weekend ${tag}`);
  const toCancel = await requestDays(guest, `Youth camp ${tag}`);
  const toEdit = await requestDays(guest, `Elders meeting ${tag}`, 1);
  await Promise.all(contexts.map((c) => c.dispose()));

  await loginPage(page, 'admin', 'admin-e2e-password');
  await page.goto('/admin/reservations');
  await expect(page.getByRole('heading', { level: 1, name: 'Reservations' })).toBeVisible();
  await expect(page.getByRole('tab', { name: /^All Active \(\d+\)$/ })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  const table = page.getByRole('table');
  const row = (eventName: string) => table.getByRole('row').filter({ hasText: eventName });
  const button = (name: string) => page.getByRole('button', { name, exact: true });

  // The row shows the member, the dates before 'T' and the day count.
  const approveRow = row(toApprove.eventName);
  await expect(approveRow).toContainText(members[0]!);
  await expect(approveRow).toContainText(
    `${toApprove.startTime.slice(0, 10)} to ${toApprove.endTime.slice(0, 10)}`,
  );
  await expect(approveRow).toContainText('3 days');
  await expect(approveRow).toContainText('pending');

  // Approve.
  await button(`Approve ${toApprove.eventName}`).click();
  await expect(page.getByText(`Approved "${toApprove.eventName}".`)).toBeVisible();
  await expect(approveRow).toContainText('approved');
  await expect(button(`Approve ${toApprove.eventName}`)).toHaveCount(0);

  // Reject with a reason; it moves to the Rejected tab, where it can be deleted.
  await button(`Reject ${toReject.eventName}`).click();
  const rejectDialog = page.getByRole('dialog', { name: 'Reject reservation' });
  await rejectDialog.getByLabel(/^Reason/).fill('The house is closed for repairs.');
  await rejectDialog.getByRole('button', { name: 'Reject reservation' }).click();
  await expect(page.getByText(`Rejected "${toReject.eventName}".`)).toBeVisible();
  await expect(rejectDialog).toBeHidden();
  await expect(row(toReject.eventName)).toHaveCount(0);
  await expect(button(`Delete ${toApprove.eventName}`)).toHaveCount(0);

  await page.getByRole('tab', { name: /^Rejected/ }).click();
  const rejectedRow = row(toReject.eventName);
  await expect(rejectedRow).toContainText('rejected');
  await expect(rejectedRow).toContainText('Rejection reason: The house is closed for repairs.');
  await button(`Delete ${toReject.eventName}`).click();
  const deleteDialog = page.getByRole('dialog', { name: 'Delete reservation' });
  await expect(deleteDialog).toContainText('cannot be undone');
  await deleteDialog.getByRole('button', { name: 'Delete reservation' }).click();
  await expect(page.getByText(`Deleted "${toReject.eventName}".`)).toBeVisible();
  await expect(row(toReject.eventName)).toHaveCount(0);
  const afterDelete = (await (await api(admin, 'GET', '/api/reservations')).json()) as Created[];
  expect(afterDelete.some((r) => r.id === toReject.id)).toBe(false);

  // Cancel, after a confirmation that can be declined.
  await page.getByRole('tab', { name: /^All Active/ }).click();
  await button(`Cancel ${toCancel.eventName}`).click();
  let cancelDialog = page.getByRole('dialog', { name: 'Cancel reservation' });
  await expect(cancelDialog).toContainText(messages.confirmCancelReservation);
  await cancelDialog.getByRole('button', { name: 'Keep reservation' }).click();
  await expect(cancelDialog).toBeHidden();
  await expect(row(toCancel.eventName)).toContainText('pending');
  await button(`Cancel ${toCancel.eventName}`).click();
  cancelDialog = page.getByRole('dialog', { name: 'Cancel reservation' });
  await cancelDialog.getByRole('button', { name: 'Cancel reservation' }).click();
  await expect(page.getByText(`Cancelled "${toCancel.eventName}".`)).toBeVisible();
  await expect(row(toCancel.eventName)).toHaveCount(0);
  await page.getByRole('tab', { name: /^Cancelled/ }).click();
  await expect(row(toCancel.eventName)).toContainText('Reason: admin cancelled');
  await expect(button(`Delete ${toCancel.eventName}`)).toBeVisible();

  // Edit details: both required, then saved.
  await page.getByRole('tab', { name: /^All Active/ }).click();
  await button(`Edit ${toEdit.eventName}`).click();
  const editDialog = page.getByRole('dialog', { name: 'Edit reservation details' });
  await editDialog.getByLabel(/^Description/).fill('');
  await editDialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(editDialog.getByRole('alert')).toHaveText(messages.adminEditRequired);
  const edited = `Elders retreat ${tag}`;
  await editDialog.getByLabel(/^Event Name/).fill(edited);
  await editDialog.getByLabel(/^Description/).fill('Two days of prayer.');
  await editDialog.getByLabel('Additional Information').fill('Vegetarian meals.');
  await editDialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText(`Updated the details of "${edited}".`)).toBeVisible();
  await expect(editDialog).toBeHidden();
  await expect(row(edited)).toContainText('Two days of prayer.');
  await expect(row(edited)).toContainText('Vegetarian meals.');

  // Filter by user: only the guest's reservations, with the guest's counts.
  await page.getByLabel('Filter by user').selectOption({ label: members[1]! });
  await expect(row(edited)).toBeVisible();
  await expect(row(toApprove.eventName)).toHaveCount(0);
  await expect(page.getByRole('tab', { name: /^All Active/ })).toHaveText('All Active (1)');
  await expect(page.getByRole('tab', { name: /^Cancelled/ })).toHaveText('Cancelled (1)');
  await page.getByLabel('Filter by user').selectOption({ label: 'All users' });
  await expect(row(toApprove.eventName)).toBeVisible();
  await expect(row(edited)).toBeVisible();
});

import {
  ADMIN,
  api,
  expect,
  loginPage,
  makePdf,
  memberOnPage,
  reserveDays,
  test,
  unique,
} from './fixtures.js';
import { expectNoViolations } from './page-checks.js';
import { payInSandbox } from './payment-helpers.js';
import { screens } from './screens.js';

/**
 * A group's stay page (docs/stays.md): the leader shares the attendee link;
 * two people give their names on a phone; the leader fills the questionnaire
 * and places everyone on the rooming board with the keyboard alone, uploads
 * the insurance certificate, and the checklist turns complete. The staff see
 * the same page with the church named.
 */
test('a leader fills the questionnaire and rooming with the keyboard, attendees register by phone, the checklist completes', async ({
  page,
  admin,
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  await memberOnPage(admin, page, 'roomer', { withEmail: true });
  const eventName = `Rooming retreat ${unique('')}`;
  const body = { eventName, eventDescription: 'Twelve of us.', guests: 12, mealPlan: 'full-board' };
  const stay = await reserveDays(page.request, body, { from: 60, to: 420 });
  const approved = await api(admin, 'PATCH', `/api/reservations/${stay.id}/status`, {
    status: 'approved',
  });
  expect(approved.status(), await approved.text()).toBe(200);
  // Signed and paid in full through the sandbox (the money journeys test those screens).
  await payInSandbox(page.request, stay.id);

  await page.goto(`/account/reservations/${stay.id}`);
  await expect(page.getByRole('heading', { level: 1, name: eventName })).toBeVisible();
  const checklist = page.getByRole('region', { name: 'Checklist' });
  await expect(checklist.getByText('Done')).toHaveCount(3);
  await expect(checklist).toContainText('Send the pre-arrival questionnaire');
  const link = await page.getByRole('textbox', { name: 'Link for attendees' }).inputValue();
  expect(link).toMatch(/\/stay\/[A-Za-z0-9_-]{20,}$/);

  // Two attendees, each on their phone, with nothing else of the stay shown.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, baseURL });
  const attendee = await phone.newPage();
  await attendee.goto(link);
  await expect(attendee.getByRole('heading', { name: eventName })).toBeVisible();
  await expect(attendee.locator('body')).not.toContainText('$');
  await expectNoViolations(attendee, 'the attendee page');
  await screens(attendee, 'attendee-page');
  for (const [name, diet] of [
    ['Ruth Lindqvist', 'vegetarian'],
    ['서지민', ''],
  ]) {
    await attendee.getByRole('textbox', { name: /^Your name/ }).fill(name!);
    await attendee.getByRole('textbox', { name: /^Diet/ }).fill(diet!);
    await attendee.getByRole('button', { name: 'Send my name' }).click();
    await expect(attendee.getByRole('status').filter({ hasText: 'Thank you' })).toBeVisible();
    await attendee.getByRole('button', { name: 'Give another name' }).click();
  }
  await phone.close();

  // The leader, on a phone and with the keyboard only: the count, two diets, a typed name, the rooms.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  const attendees = page.getByRole('region', { name: 'Attendees' });
  await expect(attendees).toContainText('Ruth Lindqvist');
  await expect(attendees).toContainText('서지민');
  const form = page.getByRole('form', { name: 'Pre-arrival questionnaire' });
  const type = async (name: string | RegExp, text: string) => {
    await form.getByRole('textbox', { name }).or(form.getByRole('spinbutton', { name })).focus();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type(text);
  };
  await type(/^Final number of guests/, '12');
  await type(/^Vegetarian/, '2');
  await type(/^Gluten-free/, '1');
  await type(/^Diet notes/, 'One coeliac guest.');
  await type(/^Set-up notes/, 'Chairs in a circle.');
  await form.getByLabel(/^Arrival time/).focus();
  await page.keyboard.type('0430P');
  await type('Add a name', 'Boaz Nilsson');
  await page.keyboard.press('Enter');
  for (const [name, room] of [
    ['Ruth Lindqvist', 'Cedar'],
    ['서지민', 'Cedar'],
    ['Boaz Nilsson', 'Oak'],
  ]) {
    await form.getByRole('combobox', { name: `Room for ${name}` }).focus();
    await page.keyboard.type(room!);
    await page.keyboard.press('Tab');
    await expect(form.getByRole('button', { name: `Place ${name}` })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(form.getByRole('status')).toContainText(`${name} placed in`);
  }
  await expectNoViolations(page, 'the stay page with its questionnaire');
  await form.getByRole('button', { name: 'Send to the house' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Sent to the house. Thank you!')).toBeVisible();

  const saved = (await (
    await api(page.request, 'GET', `/api/reservations/${stay.id}/questionnaire`)
  ).json()) as Record<string, unknown>;
  expect(saved).toMatchObject({
    finalGuests: 12,
    diets: { vegetarian: 2, glutenFree: 1, vegan: 0 },
    dietNotes: 'One coeliac guest.',
    setup: 'Chairs in a circle.',
    arrivalTime: '16:30',
    rooming: expect.arrayContaining([
      { roomId: 'cedar', names: ['Ruth Lindqvist', '서지민'] },
      { roomId: 'oak', names: ['Boaz Nilsson'] },
    ]),
  });
  expect(saved.submittedAt).toBeTruthy();

  // The insurance certificate, valid a year on, from a desktop: the last item is done.
  await page.setViewportSize({ width: 1280, height: 800 });
  const insurance = page.getByRole('region', { name: 'Insurance' });
  await insurance.locator('input[type="file"]').setInputFiles({
    name: 'insurance.pdf',
    mimeType: 'application/pdf',
    buffer: await makePdf('Liability insurance certificate'),
  });
  await insurance.getByRole('textbox', { name: /^Description/ }).fill('Liability insurance 2027');
  const nextYear = new Date(Date.now() + 500 * 86_400_000).toISOString().slice(0, 10);
  await insurance.getByLabel(/^Valid until/).fill(nextYear);
  await insurance.getByRole('button', { name: 'Upload certificate' }).click();
  await expect(checklist.getByText('Done')).toHaveCount(5);
  await expect(checklist.getByText('To do')).toHaveCount(0);
  await expectNoViolations(page, 'the completed stay page');
  await screens(page, 'stay-page-complete');

  // The staff's view of the same stay.
  const staff = await browser.newContext({ baseURL });
  const staffPage = await staff.newPage();
  await loginPage(staffPage, ADMIN.username, ADMIN.password);
  await staffPage.goto(`/admin/reservations/${stay.id}`);
  await expect(staffPage.getByRole('heading', { level: 1, name: eventName })).toBeVisible();
  await expect(staffPage.getByRole('region', { name: 'Checklist' }).getByText('Done')).toHaveCount(
    5,
  );
  await expect(staffPage.getByRole('region', { name: 'Attendees' })).toContainText(
    'Ruth Lindqvist',
  );
  await expectNoViolations(staffPage, "the staff's stay page");
  await screens(staffPage, 'stay-page-staff');
  await staff.close();
});

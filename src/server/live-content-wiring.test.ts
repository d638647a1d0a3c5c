/**
 * The staff edit the house's content while the server runs
 * (docs/site-content.md): the answers and mails of one app follow an edit,
 * because every service asks the content for its value at each use.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { formatMoney } from '../shared/pricing.js';
import { loadArrivalContent } from './arrival-content.js';
import { loadSiteContent } from './content.js';
import type { ContentValues, LiveContent } from './modules/site-content/live-content.js';
import { loadPricing } from './pricing-content.js';
import {
  BY_THE_DAY,
  TestClient,
  createUser,
  memberWithAccount,
  reserveDays,
  testConfig,
  useTestApp,
} from './testing/harness.js';

const rates = { dailyRateCents: 15000, currency: 'USD' };
const files = loadSiteContent();

/** Content a test changes in place, as an edit by the staff would. */
function editableContent() {
  let values: ContentValues;
  let stamp = 0;
  const reset = () => {
    values = {
      pricing: loadPricing(rates, BY_THE_DAY),
      site: { ...files, facility: { ...files.facility, name: 'Old Mill House' } },
      agreement: null,
      rooms: [],
      arrival: loadArrivalContent(),
    };
  };
  reset();
  const content: LiveContent = {
    pricing: () => values.pricing,
    site: () => values.site,
    houseName: () => values.site.facility.name,
    agreement: () => values.agreement,
    rooms: () => values.rooms,
    arrival: () => values.arrival,
    stamp: () => stamp,
  };
  return {
    content,
    reset,
    rename(name: string) {
      values = { ...values, site: { ...values.site, facility: { ...values.site.facility, name } } };
      stamp++;
    },
    setDailyRate(dailyRateCents: number) {
      values = { ...values, pricing: loadPricing(rates, { ...BY_THE_DAY, dailyRateCents }) };
      stamp++;
    },
  };
}

const house = editableContent();
const t = useTestApp({}, { content: house.content });
beforeEach(() => house.reset());

describe('content edited while the server runs', () => {
  it('the house name, a quote and a mail follow an edit without rebuilding the app', async () => {
    const { facilityTimezone } = testConfig();
    const app = t.app;
    await createUser(t.db, {
      username: 'staff',
      email: 'staff@example.org',
      role: 'Administrator',
    });
    const { client } = await memberWithAccount(t, 'anna');
    const visitor = new TestClient(t.app);
    const quote = async () =>
      (await visitor.get('/api/facility/quote?start=2031-03-04&end=2031-03-06')).json();

    expect((await visitor.get('/api/facility/info')).json().name).toBe('Old Mill House');
    expect((await quote()).totalCents).toBe(3 * 15000);
    await reserveDays({ config: { facilityTimezone } }, client, 10, 3, 'Before');
    const before = t.mailer.last('staff@example.org')!;
    expect(before.subject).toMatch(/^Old Mill House: new reservation request/);
    expect(before.text).toContain(`Price: ${formatMoney(3 * 15000, 'USD')}`);

    house.rename('New Barn Lodge');
    house.setDailyRate(25000);

    expect(t.app).toBe(app);
    expect((await visitor.get('/api/facility/info')).json().name).toBe('New Barn Lodge');
    expect((await quote()).totalCents).toBe(3 * 25000);
    await reserveDays({ config: { facilityTimezone } }, client, 20, 3, 'After');
    const after = t.mailer.last('staff@example.org')!;
    expect(after.subject).toMatch(/^New Barn Lodge: new reservation request/);
    expect(after.text).toContain(`Price: ${formatMoney(3 * 25000, 'USD')}`);
    expect(after.text.trimEnd().endsWith('New Barn Lodge')).toBe(true);
    expect(t.app.content.houseName()).toBe('New Barn Lodge');
  });
});

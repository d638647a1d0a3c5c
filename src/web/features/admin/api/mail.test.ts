import { describe, expect, it } from 'vitest';
import { mailPageQuery, QUEUED_REFRESH_MS, type MailPage, type MailTab } from './mail.js';

const page = (count: number): MailPage => ({
  mails: Array.from({ length: count }, (_, i) => ({
    id: i + 1,
    to: 'anna@example.org',
    subject: 'Hello',
    kind: 'test',
    status: 'queued',
    attempts: 0,
    lastError: null,
    createdAt: '2028-03-10T09:30:00.000Z',
    sentAt: null,
  })),
  hasNext: false,
});

/** The list's refetch interval for a cached page of `count` mails. */
function intervalFor(tab: MailTab, count: number | undefined) {
  const { refetchInterval } = mailPageQuery(tab, 0);
  if (typeof refetchInterval !== 'function') return refetchInterval;
  const query = { state: { data: count === undefined ? undefined : page(count) } };
  return refetchInterval(query as unknown as Parameters<typeof refetchInterval>[0]);
}

describe('mailPageQuery', () => {
  it('reloads every 10 s while the Queued tab shows queued mail', () => {
    expect(QUEUED_REFRESH_MS).toBe(10_000);
    expect(intervalFor('queued', 2)).toBe(10_000);
  });

  it('does not reload an empty Queued tab, nor the Sent and Failed tabs', () => {
    expect(intervalFor('queued', 0)).toBe(false);
    expect(intervalFor('queued', undefined)).toBe(false);
    expect(intervalFor('sent', 3)).toBe(false);
    expect(intervalFor('failed', 3)).toBe(false);
  });
});

import type { OutboxMailInfo } from '../api/mail.js';

/** A mail's kind as words: `reservation_requested` is "Reservation requested". */
export function kindLabel(kind: string): string {
  const words = kind.replace(/[_-]+/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : kind;
}

const STATUS = {
  queued: { label: 'Queued', color: 'blue' },
  sending: { label: 'Sending', color: 'cyan' },
  sent: { label: 'Sent', color: 'green' },
  failed: { label: 'Failed', color: 'red' },
} as const satisfies Record<OutboxMailInfo['status'], { label: string; color: string }>;

export const mailStatus = (status: OutboxMailInfo['status']) => STATUS[status];

/**
 * The administrator's mail calls (docs/mail.md): the outbox a page at a time
 * per status, sending a failed mail again, a test mail, and the admin's own
 * address (where the house's mail goes).
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OutboxMailInfo } from '../../../../shared/schemas/mail.js';
import { api } from '@/lib/api/client.js';

export type { OutboxMailInfo };

/** The list's filters; `queued` includes the mails being sent right now. */
export const MAIL_TABS = ['queued', 'sent', 'failed'] as const;
export type MailTab = (typeof MAIL_TABS)[number];

/** Not under 'auth', 'facility' or 'public': dropped when the session ends. */
export const adminMailKey = ['admin', 'mail'] as const;

/** Mails per page of the Mail screen. */
export const MAIL_PAGE_SIZE = 50;

/** How often the Queued tab reloads while it shows mail waiting to be sent. */
export const QUEUED_REFRESH_MS = 10_000;

export interface MailPage {
  mails: OutboxMailInfo[];
  /** Whether another page follows (one more mail than a page was asked for). */
  hasNext: boolean;
}

/**
 * GET /api/admin/mail, one page of one status, newest first. The client reads
 * bodies only, not the X-Total-Count header, so one mail more than a page is
 * asked for: its presence says whether a next page exists.
 */
export const mailPageQuery = (status: MailTab, page: number) =>
  queryOptions({
    queryKey: [...adminMailKey, status, page],
    queryFn: async ({ signal }): Promise<MailPage> => {
      const mails = await api.get<OutboxMailInfo[]>('/admin/mail', {
        signal,
        query: { status, limit: MAIL_PAGE_SIZE + 1, offset: page * MAIL_PAGE_SIZE },
      });
      return { mails: mails.slice(0, MAIL_PAGE_SIZE), hasNext: mails.length > MAIL_PAGE_SIZE };
    },
    // The previous page of the same tab stays on screen while the next one loads.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === status ? previous : undefined,
    refetchInterval: (query) =>
      status === 'queued' && (query.state.data?.mails.length ?? 0) > 0 ? QUEUED_REFRESH_MS : false,
  });

export function useMailPage(status: MailTab, page: number) {
  return useQuery(mailPageQuery(status, page));
}

/** POST /api/admin/mail/{id}/retry: a failed mail is queued again; the lists reload. */
export function useRetryMail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post<OutboxMailInfo>(`/admin/mail/${id}/retry`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminMailKey }),
  });
}

/** POST /api/admin/mail/test {to}: 202 with a message; the mail appears in the list. */
export function useSendTestMail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (to: string) => api.post<{ message: string }>('/admin/mail/test', { to }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminMailKey }),
  });
}

/**
 * PUT /api/users/me/email {email} (null clears it); the answer's user becomes
 * the cached auth status, so every screen sees the new address at once.
 */

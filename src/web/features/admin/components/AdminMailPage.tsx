import { Stack, Tabs, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { authStatusQuery } from '@/lib/api/session.js';
import { PageTitle } from '@/components/PageTitle.js';
import { MAIL_TABS, type MailTab } from '../api/mail.js';
import { MAIL_TAB_LABELS, MailList } from './MailList.js';
import { TestMailForm } from './TestMailForm.js';

const DEFAULT_TAB: MailTab = 'queued';

const parseTab = (value: string | null): MailTab =>
  MAIL_TABS.find((t) => t === value) ?? DEFAULT_TAB;

/** The page of the address, 1-based (`?page=2`), as a 0-based index. */
const pageIndex = (value: string | null) =>
  value && /^\d+$/.test(value) && Number(value) > 1 ? Number(value) - 1 : 0;

/**
 * Mail: the outbox of every mail the house sends (docs/mail.md), by status,
 * 50 a page, with Retry for failed mail and a test mail to check the settings.
 * The tab and page are kept in the address (`?tab=failed&page=2`).
 */
export function AdminMailPage() {
  const [params, setParams] = useSearchParams();
  const tab = parseTab(params.get('tab'));
  const page = pageIndex(params.get('page'));
  const auth = useQuery(authStatusQuery);
  const ownAddress = auth.data?.user?.email ?? '';

  function show(nextTab: MailTab, nextPage: number) {
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (nextTab !== DEFAULT_TAB) next.set('tab', nextTab);
        else next.delete('tab');
        if (nextPage > 0) next.set('page', String(nextPage + 1));
        else next.delete('page');
        return next;
      },
      { replace: true },
    );
  }

  return (
    <>
      <PageTitle>Mail</PageTitle>
      <Stack>
        <Text>
          Every mail the house sends waits in the outbox until it is sent. A mail that failed, or
          one waiting to be tried again (say while the mail server was down), can be sent now.
        </Text>

        <TestMailForm defaultAddress={ownAddress} onQueued={() => show('queued', 0)} />

        <Tabs value={tab} onChange={(value) => show(parseTab(value), 0)} keepMounted={false}>
          <Tabs.List>
            {MAIL_TABS.map((t) => (
              <Tabs.Tab key={t} value={t}>
                {MAIL_TAB_LABELS[t]}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {MAIL_TABS.map((t) => (
            <Tabs.Panel key={t} value={t} pt="md">
              <MailList tab={t} page={page} onPage={(p) => show(t, p)} />
            </Tabs.Panel>
          ))}
        </Tabs>
      </Stack>
    </>
  );
}

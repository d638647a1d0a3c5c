import { Card, Stack, Text, Title } from '@mantine/core';
import { useQueries } from '@tanstack/react-query';
import { generatePath } from 'react-router';
import { paths } from '@/app/paths.js';
import { CardList } from '@/components/cards/CardList.js';
import { HeadedSection } from '@/components/HeadedSection.js';
import { PageTitle } from '@/components/PageTitle.js';
import { RouterAnchor } from '@/components/RouterAnchor.js';
import { ApiError } from '@/lib/api/client.js';
import { useFacilityInfo } from '@/lib/api/facility.js';
import { formatDateTime } from '@/lib/format.js';
import { historyQuery, type ContentVersion } from '../api/content.js';
import { CONTENT_NAMES, isPublicContentName, KINDS, type ContentName } from '../kinds.js';
import { FROM_FILES } from './HistorySection.js';

export const LAST_CHANGE_FAILED = 'When it last changed could not be loaded.';

/** When and by whom a kind was last published, in words. */
export function lastChange(latest: ContentVersion | undefined, timeZone: string): string {
  if (!latest) return 'Not set up yet.';
  const when = formatDateTime(latest.changedAt, timeZone);
  return latest.changedBy
    ? `Last changed ${when} by ${latest.changedBy}.`
    : `${FROM_FILES}, ${when}; not changed on the site yet.`;
}

function KindCard({
  name,
  history,
  timeZone,
}: {
  name: ContentName;
  history: { data?: ContentVersion[]; error: unknown; isPending: boolean };
  timeZone: string;
}) {
  const kind = KINDS[name];
  const notFound = history.error instanceof ApiError && history.error.status === 404;
  const status = history.isPending
    ? 'Loading when it last changed...'
    : history.error && !notFound
      ? LAST_CHANGE_FAILED
      : lastChange(history.data?.[0], timeZone);
  return (
    <Card component="li" withBorder padding="md">
      <Stack gap={6}>
        <Title order={3} size="h4">
          <RouterAnchor to={generatePath(paths.adminSiteKind, { name })}>{kind.title}</RouterAnchor>
        </Title>
        <Text size="sm">{kind.description}</Text>
        <Text size="sm" c="dimmed">
          {status}
        </Text>
      </Stack>
    </Card>
  );
}

/**
 * Admin → Site (docs/site-content.md): every part of the site the staff
 * edit, what it is, and when and by whom it last changed; each opens its
 * editor.
 */
export function SiteListPage() {
  const histories = useQueries({ queries: CONTENT_NAMES.map((name) => historyQuery(name)) });
  const timeZone = useFacilityInfo().data?.timeZone ?? '';
  const byName = new Map(CONTENT_NAMES.map((name, i) => [name, histories[i]!]));
  const group = (names: readonly ContentName[], label: string) => (
    <CardList label={label}>
      {names.map((name) => (
        <KindCard key={name} name={name} history={byName.get(name)!} timeZone={timeZone} />
      ))}
    </CardList>
  );
  return (
    <>
      <PageTitle>Site</PageTitle>
      <Stack gap="xl">
        <Text>
          The texts, pictures and prices of the site. Choose a part to change it: you see a preview
          before anything is published, and every earlier version is kept.
        </Text>
        <HeadedSection id="site-public" title="On the public pages">
          {group(CONTENT_NAMES.filter(isPublicContentName), 'On the public pages')}
        </HeadedSection>
        <HeadedSection id="site-stays" title="For groups and their stays">
          {group(
            CONTENT_NAMES.filter((n) => !isPublicContentName(n)),
            'For groups and their stays',
          )}
        </HeadedSection>
      </Stack>
    </>
  );
}

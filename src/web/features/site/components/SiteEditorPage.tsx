import { Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { paths } from '@/app/paths.js';
import { PageTitle } from '@/components/PageTitle.js';
import { QueryStatus } from '@/components/QueryStatus.js';
import { RouterAnchor } from '@/components/RouterAnchor.js';
import { ApiError } from '@/lib/api/client.js';
import { contentQuery } from '../api/content.js';
import { emptyValueFor, formSchemaOf } from '../form/json-schema.js';
import { isContentName, KINDS, OPTIONAL_KINDS, type ContentName } from '../kinds.js';
import { ContentEditor } from './ContentEditor.js';
import type { RenderPublicPreview } from './preview/ContentPreview.js';

export type { RenderPublicPreview };

export interface SiteEditorPageProps {
  /**
   * Shows a draft of a public kind (house, page texts, gallery, floor plans,
   * map of the grounds) as its public page would; without it the preview
   * lists the fields in words.
   */
  renderPublicPreview?: RenderPublicPreview;
}

const backLink = (
  <RouterAnchor to={paths.adminSite} size="sm">
    All parts of the site
  </RouterAnchor>
);

function KindEditor({ name, renderPublicPreview }: SiteEditorPageProps & { name: ContentName }) {
  const content = useQuery(contentQuery(name));
  const none =
    OPTIONAL_KINDS.includes(name) &&
    content.error instanceof ApiError &&
    content.error.status === 404;
  const kind = KINDS[name];
  return (
    <>
      <PageTitle documentTitle={`${kind.title} | Site`}>{kind.title}</PageTitle>
      <Stack gap="md">
        {backLink}
        <Text>{kind.description}</Text>
        {none ? (
          <Text>The house has none yet: fill in the form and publish it to start.</Text>
        ) : null}
        {content.isSuccess || none ? (
          <ContentEditor
            name={name}
            published={
              none ? emptyValueFor(formSchemaOf(name), formSchemaOf(name)) : content.data?.body
            }
            version={none ? null : (content.data?.version ?? null)}
            renderPublicPreview={renderPublicPreview}
          />
        ) : (
          <QueryStatus
            query={content}
            failed="This part of the site could not be loaded."
            loading="Loading..."
          />
        )}
      </Stack>
    </>
  );
}

/** Admin → Site → one kind (`/admin/site/:name`): its form, preview, Publish and versions. */
export function SiteEditorPage({ renderPublicPreview }: SiteEditorPageProps) {
  const { name = '' } = useParams();
  if (!isContentName(name))
    return (
      <>
        <PageTitle>Not a part of the site</PageTitle>
        <Stack gap="md">
          <Text>The site has no part called “{name}”.</Text>
          {backLink}
        </Stack>
      </>
    );
  return <KindEditor key={name} name={name} renderPublicPreview={renderPublicPreview} />;
}

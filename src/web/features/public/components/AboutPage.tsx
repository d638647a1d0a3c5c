import { Alert, Stack, Text } from '@mantine/core';
import { messages } from '../../../../shared/messages.js';
import { HeadedSection } from '@/components/HeadedSection.js';
import { PageTitle } from '@/components/PageTitle.js';
import { useSiteContent } from '@/lib/site-content.js';
import { useFacilityInfo } from '../api/facility.js';
import { MapSection } from './MapSection.js';
import { usePageDescription } from './usePageDescription.js';

/** About (docs/product.md §2): the welcome text and the map with the address. */
export function AboutPage() {
  const { data, isError } = useFacilityInfo();
  const text = useSiteContent().pages.about;
  usePageDescription(text.description);

  return (
    <>
      <PageTitle>About</PageTitle>
      {isError ? (
        <Alert color="red" mb="md">
          {messages.facilityLoadFailedAbout}
        </Alert>
      ) : null}
      <Stack gap={40}>
        <HeadedSection id="about-welcome" title={text.welcomeHeading}>
          {data?.description ? (
            <Text size="lg" fw={500} mb="sm" maw="48rem">
              {data.description}
            </Text>
          ) : null}
          <Stack gap="sm" maw="48rem">
            {text.paragraphs.map((paragraph) => (
              <Text key={paragraph}>{paragraph}</Text>
            ))}
          </Stack>
        </HeadedSection>
        <HeadedSection id="about-directions" title={text.directionsHeading}>
          <Text mb="md" maw="48rem">
            {text.directions}
          </Text>
          <MapSection />
        </HeadedSection>
      </Stack>
    </>
  );
}

import { Anchor, Button, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { messages } from '../../../../shared/messages.js';
import { paths } from '@/app/paths.js';
import { HeadedSection } from '@/components/HeadedSection.js';
import { PageTitle } from '@/components/PageTitle.js';
import { useSiteContent } from '@/lib/site-content.js';
import { useFacilityInfo } from '../api/facility.js';
import { galleryImageUrl } from '../site-content/galleryImages.js';
import { highlightsOf } from '../site-content/site.js';
import { ContentPicture } from './ContentPicture.js';
import classes from './HomePage.module.css';
import { MapSection } from './MapSection.js';
import { usePageDescription } from './usePageDescription.js';

/** The home page (docs/product.md §2): in the first bundle, so it stays light. */
export function HomePage() {
  const content = useSiteContent();
  const { data, isError, isPending } = useFacilityInfo();
  const name = data?.name?.trim() || content.facility.name;
  const text = content.pages.home;
  usePageDescription(text.description);

  return (
    <div className={classes.page}>
      <section className={classes.hero} aria-labelledby="home-title">
        <PageTitle id="home-title" documentTitle="Home">
          {name}
        </PageTitle>
        {isError ? (
          <div role="alert" className={classes.alert}>
            {messages.facilityLoadFailed}
          </div>
        ) : isPending ? (
          <div className={classes.placeholder} aria-hidden="true" />
        ) : (
          <Text size="lg" mb="md" className={classes.description}>
            {data.description}
          </Text>
        )}
        <Button component={Link} to={paths.availability} size="md">
          Check availability
        </Button>
      </section>

      <HeadedSection id="home-about" title={text.aboutHeading}>
        <Text mb="sm" className={classes.description}>
          {text.aboutBlurb}
        </Text>
        <Anchor component={Link} to={paths.about}>
          More about the house
        </Anchor>
      </HeadedSection>

      <HeadedSection id="home-map" title="Find us">
        <MapSection />
      </HeadedSection>

      <HeadedSection id="home-highlights" title={text.highlightsHeading}>
        <div className={classes.highlights}>
          {highlightsOf(content.pages, content.gallery).map((image) => (
            <figure key={image.id} className={classes.figure}>
              <ContentPicture
                image={image}
                url={galleryImageUrl(image.src)}
                sizes="(min-width: 48em) 33vw, 100vw"
                className={classes.picture}
              />
              <figcaption className={classes.caption}>{image.caption}</figcaption>
            </figure>
          ))}
        </div>
        <Group>
          <Anchor component={Link} to={paths.gallery}>
            View the gallery
          </Anchor>
        </Group>
      </HeadedSection>
    </div>
  );
}

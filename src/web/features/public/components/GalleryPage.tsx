import { Modal, NavLink, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { paths } from '@/app/paths.js';
import { PageTitle } from '@/components/PageTitle.js';
import { useSiteContent } from '@/lib/site-content.js';
import { galleryImageUrl } from '../site-content/galleryImages.js';
import type { Album, GalleryImage } from '../site-content/types.js';
import { ContentPicture } from './ContentPicture.js';
import classes from './GalleryPage.module.css';
import { PhotoStepper } from './PhotoStepper.js';
import { usePageDescription } from './usePageDescription.js';

const ALL = 'All';

function albumLink(album: Album | null): string {
  return album ? `${paths.gallery}?album=${encodeURIComponent(album.id)}` : paths.gallery;
}

/**
 * The gallery (docs/product.md §2): 'All' and one entry per album in the side
 * navigation (?album=id); a picture opens in a viewer with Previous and Next.
 */
export function GalleryPage() {
  const { pages, gallery } = useSiteContent();
  usePageDescription(pages.gallery.description);
  const total = gallery.albums.reduce((n, album) => n + album.images.length, 0);
  const [params] = useSearchParams();
  const selected = gallery.albums.find((album) => album.id === params.get('album')) ?? null;
  const shown = selected ? [selected] : gallery.albums;
  const images = shown.flatMap((album) => album.images);
  const [viewing, setViewing] = useState<{ album: string | null; index: number } | null>(null);
  // A viewer opened in another album is closed by choosing an album.
  const index = viewing && viewing.album === (selected?.id ?? null) ? viewing.index : null;
  const image: GalleryImage | undefined = index === null ? undefined : images[index];
  const albumOf = (img: GalleryImage) =>
    gallery.albums.find((album) => album.images.includes(img))?.title ?? '';

  return (
    <>
      <PageTitle>Gallery</PageTitle>
      <Text mb="lg" maw="48rem">
        {pages.gallery.intro}
      </Text>
      <div className={classes.layout}>
        <nav aria-label="Albums">
          <ul className={classes.albums}>
            {[null, ...gallery.albums].map((album) => {
              const active = (album?.id ?? null) === (selected?.id ?? null);
              const count = album ? album.images.length : total;
              return (
                <li key={album?.id ?? ALL}>
                  <NavLink
                    component={Link}
                    to={albumLink(album)}
                    label={album?.title ?? ALL}
                    description={`${count} pictures`}
                    active={active}
                    aria-current={active ? 'page' : undefined}
                  />
                </li>
              );
            })}
          </ul>
        </nav>
        <Stack gap="xl">
          {shown.map((album) => {
            const offset = images.indexOf(album.images[0]!);
            return (
              <section key={album.id} aria-labelledby={`album-${album.id}`}>
                <Title order={2} id={`album-${album.id}`} mb={4}>
                  {album.title}
                </Title>
                <Text mb="sm">{album.description}</Text>
                <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
                  {album.images.map((img, i) => (
                    <figure key={img.id} className={classes.figure}>
                      <button
                        type="button"
                        className={classes.thumb}
                        aria-haspopup="dialog"
                        onClick={() =>
                          setViewing({ album: selected?.id ?? null, index: offset + i })
                        }
                      >
                        <ContentPicture
                          image={img}
                          url={galleryImageUrl(img.src)}
                          sizes="(min-width: 62em) 25vw, (min-width: 36em) 50vw, 100vw"
                        />
                      </button>
                      <figcaption className={classes.caption}>{img.caption}</figcaption>
                    </figure>
                  ))}
                </SimpleGrid>
              </section>
            );
          })}
        </Stack>
      </div>
      <Modal
        opened={image !== undefined}
        onClose={() => setViewing(null)}
        title={image ? albumOf(image) : ''}
        size="xl"
        centered
        styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
        closeButtonProps={{ 'aria-label': 'Close viewer' }}
      >
        {image && index !== null ? (
          <PhotoStepper
            images={images}
            urlOf={galleryImageUrl}
            index={index}
            onIndexChange={(next) => setViewing({ album: selected?.id ?? null, index: next })}
            label={`${selected?.title ?? ALL} pictures`}
            noun="picture"
            arrowKeys
          />
        ) : null}
      </Modal>
    </>
  );
}

import { Text } from '@mantine/core';
import { PageTitle } from '../../../components/PageTitle.js';

export function GalleryPage() {
  return (
    <>
      <PageTitle>Gallery</PageTitle>
      <Text>Photos of the house, its service days and its outdoor spaces.</Text>
    </>
  );
}

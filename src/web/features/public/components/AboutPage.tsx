import { Text } from '@mantine/core';
import { PageTitle } from '../../../components/PageTitle.js';

export function AboutPage() {
  return (
    <>
      <PageTitle>About</PageTitle>
      <Text>Welcome! Learn more about the house, its history and how to find it.</Text>
    </>
  );
}

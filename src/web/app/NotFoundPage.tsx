import { Stack, Text } from '@mantine/core';
import { messages } from '../../shared/messages.js';
import { PageTitle } from '../components/PageTitle.js';
import { RouterAnchor } from '../components/RouterAnchor.js';
import { paths } from './paths.js';

export function NotFoundPage() {
  return (
    <Stack gap="sm" py="xl" align="flex-start">
      <PageTitle>{messages.notFoundTitle}</PageTitle>
      <Text>{messages.notFoundText}</Text>
      <RouterAnchor to={paths.home}>Go to the homepage</RouterAnchor>
    </Stack>
  );
}

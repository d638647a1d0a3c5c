import { Button, Container, Stack, Text } from '@mantine/core';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { messages } from '../../shared/messages.js';
import { PageTitle } from '../components/PageTitle.js';
import { NotFoundPage } from './NotFoundPage.js';

/** Shown when a route fails to render or its code fails to load (e.g. after a deploy). */
export function RouteErrorPage() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <Container size="lg" py="xl" component="main">
        <NotFoundPage />
      </Container>
    );
  }
  return (
    <Container size="lg" py="xl" component="main">
      <Stack align="flex-start">
        <PageTitle>Something went wrong</PageTitle>
        <Text>{messages.internalError}</Text>
        <Button onClick={() => window.location.reload()}>Reload the page</Button>
      </Stack>
    </Container>
  );
}

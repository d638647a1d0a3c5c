import { Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * One part of the stay page, a region named by its h2. The heading's `id` is
 * the target of the checklist's links (`#questionnaire`): it takes the focus,
 * so that the keyboard goes on from there.
 */
export function StaySection({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <Paper component="section" aria-labelledby={id} withBorder p={{ base: 'sm', sm: 'md' }}>
      <Stack gap="sm">
        <Title order={2} size="h3" id={id} tabIndex={-1} style={{ scrollMarginTop: '5rem' }}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

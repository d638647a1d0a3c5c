import { Card, Stack, Title } from '@mantine/core';
import { useId, type ReactNode } from 'react';

/** A bordered card of the dashboard that is a named region (its heading names it). */
export function DashboardCard({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={id}>
      <Stack gap="sm" align="flex-start">
        <Title order={2} size="h4" id={id}>
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}

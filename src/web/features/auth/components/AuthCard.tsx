import { Container, Paper } from '@mantine/core';
import type { ReactNode } from 'react';
import { PageTitle } from '@/components/PageTitle.js';

/** The narrow card every auth form sits in. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Container size={440} px={0}>
      <PageTitle ta="center">{title}</PageTitle>
      <Paper withBorder shadow="sm" p="lg" radius="md">
        {children}
      </Paper>
    </Container>
  );
}

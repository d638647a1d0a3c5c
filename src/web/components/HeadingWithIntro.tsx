import { Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** An h2 with the paragraph that introduces what follows, at reading width. */
export function HeadingWithIntro({ title, children }: { title: string; children: ReactNode }) {
  return (
    <>
      <Title order={2} mb="xs">
        {title}
      </Title>
      <Text mb="md" maw="48rem">
        {children}
      </Text>
    </>
  );
}

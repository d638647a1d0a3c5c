import { Title } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A part of a page named by its h2 (the region's name), without a frame
 * (TitledSection is the framed one). `id` is the heading's.
 */
export function HeadedSection({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id}>
      <Title order={2} id={id} mb="sm">
        {title}
      </Title>
      {children}
    </section>
  );
}

import { Fieldset, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * The frame of an object or a list: a fieldset named by its legend, with the
 * sentence on what it is and its problem (a list with too few entries) tied
 * to it. It takes the focus when a problem's link points at it.
 */
export function GroupFrame({
  id,
  legend,
  description,
  error,
  depth,
  children,
}: {
  id: string;
  legend: ReactNode;
  description?: string;
  error?: string;
  depth: number;
  children: ReactNode;
}) {
  const describedBy = [description && `${id}--description`, error && `${id}--error`]
    .filter(Boolean)
    .join(' ');
  return (
    <Fieldset
      id={id}
      tabIndex={-1}
      legend={legend}
      aria-describedby={describedBy || undefined}
      p={depth > 1 ? 'xs' : 'sm'}
      miw={0}
    >
      {description ? (
        <Text id={`${id}--description`} size="sm" c="dimmed" mb="xs">
          {description}
        </Text>
      ) : null}
      {error ? (
        <Text id={`${id}--error`} size="sm" c="red.8" mb="xs">
          {error}
        </Text>
      ) : null}
      {children}
    </Fieldset>
  );
}

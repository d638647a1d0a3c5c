import { Center, Loader, Text } from '@mantine/core';

/** A status line with a spinner, announced politely to screen readers. */
export function CenteredLoader({ label }: { label: string }) {
  return (
    <Center py="xl" role="status" aria-live="polite">
      <Loader size="sm" mr="sm" aria-hidden="true" />
      <Text>{label}</Text>
    </Center>
  );
}

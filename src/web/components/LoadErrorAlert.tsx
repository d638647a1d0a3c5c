import { Alert, Button, Group, Text } from '@mantine/core';

/** A load failure with its text and a "Try again" button that refetches. */
export function LoadErrorAlert({
  message,
  retrying,
  onRetry,
}: {
  message: string;
  retrying: boolean;
  onRetry: () => void;
}) {
  return (
    <Alert color="red" role="alert">
      <Group justify="space-between">
        <Text>{message}</Text>
        <Button size="xs" variant="white" color="red" onClick={onRetry} loading={retrying}>
          Try again
        </Button>
      </Group>
    </Alert>
  );
}

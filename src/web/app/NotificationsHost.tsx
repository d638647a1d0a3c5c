import { Notifications } from '@mantine/notifications';

/**
 * The notification viewport. It is loaded as its own chunk after the first
 * paint (see AppProviders); notifications shown before that wait in the store.
 */
export default function NotificationsHost() {
  return <Notifications position="top-right" />;
}

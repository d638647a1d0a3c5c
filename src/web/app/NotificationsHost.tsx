import { Notifications } from '@mantine/notifications';

/**
 * The notification viewport. It is loaded as its own chunk after the first
 * paint (see AppProviders); notifications shown before that wait in the store.
 * Notifications sit at the bottom, away from the top navigation, so they never
 * cover My Account, Admin or Logout (on phones too, where they span the width).
 */
export default function NotificationsHost() {
  return <Notifications position="bottom-right" />;
}

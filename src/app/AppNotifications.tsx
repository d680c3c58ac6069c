// The toasts' container, a chunk of its own loaded once the first page is shown (src/main.tsx):
// the sign-in screen paints without it. A toast shown before it mounts waits in Mantine's store and
// appears once it has.
import { Notifications } from '@mantine/notifications';

export default function AppNotifications() {
  // At the bottom: toasts never cover a page's title or the header.
  return <Notifications position="bottom-center" limit={3} />;
}

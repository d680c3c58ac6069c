// App-wide effects: follow the session (signed out in another tab, refresh refused, forced
// password change) by re-running the guard; watch for the server; offer app updates.
import { useEffect } from 'react';
import { useRouter } from '@tanstack/react-router';
import { useSession } from '../../stores/session';
import { useServerWatch } from '../../app/useServerWatch';
import { UpdatePrompt } from '../../pwa/UpdatePrompt';

export function RootEffects() {
  const router = useRouter();
  useEffect(
    () =>
      useSession.subscribe((state, previous) => {
        const ended = previous.user !== null && state.user === null;
        const mustChange = state.changePassword && !previous.changePassword;
        const roleChanged = state.user?.role !== previous.user?.role && state.user !== null;
        if (ended || mustChange || roleChanged) void router.invalidate();
      }),
    [router],
  );
  useServerWatch();
  return <UpdatePrompt />;
}

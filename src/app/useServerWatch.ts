// Keeps the connection state honest. At start the signed-in user is reloaded (which is also
// the first contact with the server); while the server does not answer it is asked again every
// 20 seconds and whenever the browser reports a network; when it answers again, what waited
// (the user's data, a language chosen offline) is sent or fetched.
import { useEffect, useRef } from 'react';
import { publicApi } from '../api/client';
import { refreshUser } from '../features/account/session';
import { useConnection } from '../stores/connection';
import { useSession } from '../stores/session';

export const PROBE_INTERVAL_MS = 20_000;

export function useServerWatch(): void {
  const status = useConnection((state) => state.status);
  const previous = useRef(status);

  useEffect(() => {
    if (useSession.getState().user) void refreshUser();
    else void publicApi.get('v1/accounting/health').catch(() => undefined);
  }, []);

  useEffect(() => {
    const was = previous.current;
    previous.current = status;
    if (status === 'online' && was === 'offline') void refreshUser();
    if (status !== 'offline') return;
    const probe = () => void publicApi.get('v1/accounting/health').catch(() => undefined);
    const timer = window.setInterval(probe, PROBE_INTERVAL_MS);
    window.addEventListener('online', probe);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('online', probe);
    };
  }, [status]);
}

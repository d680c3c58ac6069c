// Whether the server is reachable. "Online" means the server answered our last request, not
// navigator.onLine: a phone can be on a network that reaches nothing. Every API response and
// every network failure updates it.
import { create } from 'zustand';

export type ConnectionStatus = 'unknown' | 'online' | 'offline';

export interface ConnectionState {
  status: ConnectionStatus;
  /** Date.now() of the last answer from the server. */
  lastAnswerAt: number | null;
  serverAnswered(): void;
  serverUnreachable(): void;
}

export const useConnection = create<ConnectionState>()((set, get) => ({
  status: 'unknown',
  lastAnswerAt: null,
  serverAnswered: () => set({ status: 'online', lastAnswerAt: Date.now() }),
  serverUnreachable: () => {
    if (get().status !== 'offline') set({ status: 'offline' });
  },
}));

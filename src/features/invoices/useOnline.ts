import { useConnection } from '../../stores/connection';

/** Whether the server answered last ("online" is the server answering, not navigator.onLine). */
export function useOnline(): boolean {
  return useConnection((state) => state.status !== 'offline');
}

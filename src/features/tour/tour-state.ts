// Where someone is in the guided tour, kept on this device per user: never started (it starts
// on the next visit of the dashboard), on its invoice part, or done (finished or skipped). The
// Help menu sets it back to the start.
export type TourState = 'start' | 'invoice' | 'done';

const key = (userId: string) => `risiti-tour:${userId}`;

export function readTourState(userId: string): TourState {
  const value = localStorage.getItem(key(userId));
  return value === 'invoice' || value === 'done' ? value : 'start';
}

export function writeTourState(userId: string, state: TourState): void {
  localStorage.setItem(key(userId), state);
  window.dispatchEvent(new Event('risiti-tour'));
}

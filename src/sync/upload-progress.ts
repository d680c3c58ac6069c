// How far each file upload of the outbox has got, for the screens that show it. Kept in memory
// only: it is a hint for the person watching; the outbox rows are what counts.
type Listener = () => void;

export interface UploadProgress {
  sent: number;
  total: number;
}

const progress = new Map<string, UploadProgress>();
const listeners = new Set<Listener>();

export function reportUploadProgress(recordId: string, sent: number, total: number): void {
  progress.set(recordId, { sent, total });
  for (const listener of listeners) listener();
}

export function uploadProgress(recordId: string): UploadProgress | undefined {
  return progress.get(recordId);
}

export function onUploadProgress(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

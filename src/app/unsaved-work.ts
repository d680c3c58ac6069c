// The forms on screen that hold typing not saved yet. Each form's leave guard registers here, so
// that a session ending under a form can keep the page and ask the user to sign in again
// (src/features/session/SignInAgainDialog.tsx) rather than leave for the sign-in page with it.

interface Holder {
  /** Whether the form holds typing not saved yet. */
  holds(): boolean;
  /** Lets the form's page be left without its question. */
  release(): void;
}

const holders = new Set<Holder>();

/** Registers a form; the returned function takes it away (when the form goes). */
export function registerUnsavedWork(holder: Holder): () => void {
  holders.add(holder);
  return () => holders.delete(holder);
}

export function hasUnsavedWork(): boolean {
  return [...holders].some((holder) => holder.holds());
}

/** The user chose to leave what was typed: no form asks again on the way out. */
export function abandonUnsavedWork(): void {
  for (const holder of holders) holder.release();
}

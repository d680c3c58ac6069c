// Runs a form's server call and shows what went wrong: each field's message under its input, and
// the message as a notification unless those say it all. What the user typed stays in the form.
import { flushSync } from 'react-dom';
import { readFailure, type ApiFailure } from '../api/errors';
import { notifyFailure } from '../app/notify';

/** Whether the message under an input reads `message`. */
function shows(input: HTMLElement, message: string): boolean {
  return Boolean(
    input
      .getAttribute('aria-describedby')
      ?.split(' ')
      .some((id) => document.getElementById(id)?.textContent === message),
  );
}

export async function submitToServer<Result>(
  form: { setErrors: (errors: Record<string, string>) => void },
  call: () => Promise<Result>,
  onFailure?: (failure: ApiFailure) => boolean | void,
): Promise<Result | undefined> {
  try {
    return await call();
  } catch (error) {
    const failure = await readFailure(error);
    const messages = Object.values(failure.fields);
    let handled = false;
    // Drawn at once, with what `onFailure` changes, so the page looked at below is the one shown.
    flushSync(() => {
      if (messages.length) form.setErrors(failure.fields);
      handled = onFailure?.(failure) === true;
    });
    if (handled) return undefined;
    // A toast at the bottom of a phone covers the Save button for its seconds. When every field's
    // message is under its input and the toast would only repeat them, the first of those fields
    // is brought into view with the focus instead. A field drawn without its message under it
    // (the code's boxes) still gets the toast.
    const invalid = [
      ...document.querySelectorAll<HTMLElement>('[aria-invalid="true"], [data-invalid]'),
    ];
    const inputs = messages.map((message) => invalid.find((input) => shows(input, message)));
    const repeats = failure.code === 'validation_failed' || messages.includes(failure.message);
    const first = invalid.find((input) => inputs.includes(input));
    if (first && repeats && inputs.every(Boolean)) first.focus();
    else notifyFailure(failure);
    return undefined;
  }
}

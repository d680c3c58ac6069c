// Runs a form's server call and shows what went wrong: the message as a notification and each
// field's message under its input. What the user typed stays in the form.
import { readFailure, type ApiFailure } from '../api/errors';
import { notifyFailure } from '../app/notify';

export async function submitToServer<Result>(
  form: { setErrors: (errors: Record<string, string>) => void },
  call: () => Promise<Result>,
  onFailure?: (failure: ApiFailure) => boolean | void,
): Promise<Result | undefined> {
  try {
    return await call();
  } catch (error) {
    const failure = await readFailure(error);
    if (Object.keys(failure.fields).length) form.setErrors(failure.fields);
    if (onFailure?.(failure) !== true) notifyFailure(failure);
    return undefined;
  }
}

// A form of a few text fields, for the screens a visitor sees before signing in (sign-in,
// recovery, contact): what was typed, each field's message under its input, and `submitting`
// while the server answers. The same calls as @mantine/form's, which the signed-in app's forms
// use (nested values, lists, dirty fields); this one keeps that library's 5 KiB out of the first
// load of /login, the page most visits open first.
import { useState, type ChangeEvent, type FormEvent } from 'react';

type Errors = Record<string, string>;
type Input = ChangeEvent<HTMLInputElement | HTMLTextAreaElement> | string;

export interface FlatForm<Values extends Record<string, string>> {
  values: Values;
  errors: Errors;
  submitting: boolean;
  setFieldValue: (field: keyof Values & string, value: string) => void;
  setErrors: (errors: Errors) => void;
  /** Value, message and change handler of one input, spread onto a Mantine input. */
  getInputProps: (field: keyof Values & string) => {
    value: string;
    error: string | undefined;
    onChange: (input: Input) => void;
  };
  /** Checks every field; the handler runs only when none has a message. */
  onSubmit: (
    handler: (values: Values) => Promise<void> | void,
  ) => (event?: FormEvent<HTMLFormElement>) => void;
}

export function useFlatForm<Values extends Record<string, string>>(options: {
  initialValues: Values;
  validate: (values: Values) => Errors;
}): FlatForm<Values> {
  const [values, setValues] = useState(options.initialValues);
  const [errors, setErrors] = useState<Errors>({});
  const [submitting, setSubmitting] = useState(false);

  const setFieldValue = (field: keyof Values & string, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    // Typing in a field clears its message, as @mantine/form does.
    setErrors((current) => {
      if (!(field in current)) return current;
      const rest = { ...current };
      delete rest[field];
      return rest;
    });
  };

  return {
    values,
    errors,
    submitting,
    setFieldValue,
    setErrors,
    getInputProps: (field) => ({
      value: values[field] ?? '',
      error: errors[field],
      onChange: (input) =>
        setFieldValue(field, typeof input === 'string' ? input : input.currentTarget.value),
    }),
    onSubmit: (handler) => (event) => {
      event?.preventDefault();
      const found = options.validate(values);
      setErrors(found);
      if (Object.keys(found).length) return;
      const result = handler(values);
      if (result instanceof Promise) {
        setSubmitting(true);
        void result.finally(() => setSubmitting(false));
      }
    },
  };
}

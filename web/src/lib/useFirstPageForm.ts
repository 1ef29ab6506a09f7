import { useRef, useState, type FormEvent } from 'react';
import type { UseFormSetError } from 'react-hook-form';
import type { SchemaCheck } from './deferredSchema';

type FieldError = { type: string; message?: string };

/**
 * The form state of the first pages' forms (login, sign-up) without react-hook-form, whose 13 KB
 * gzip would be a seventh of the login page's first paint (issue 14). It keeps react-hook-form's
 * behaviour as the app's other forms have it (mode onSubmit, reValidateMode onChange): nothing is
 * checked until the first submit; a submit checks every field, shows the first message of each
 * and focuses the first invalid field on the page; after that, typing in a field checks it again
 * and shows or clears its message only. Inputs stay uncontrolled: values are read from them.
 */
export function useFirstPageForm<TValues extends Record<string, string>, TOutput>({
  defaultValues,
  check,
}: {
  defaultValues: TValues;
  check: (values: TValues) => Promise<SchemaCheck<TOutput>>;
}) {
  const inputs = useRef(new Map<string, HTMLInputElement>());
  const registered = useRef(new Map<string, ReturnType<typeof makeRegistration>>());
  const submitted = useRef(false);
  const [errors, setErrors] = useState<Partial<Record<keyof TValues & string, FieldError>>>({});

  const currentValues = () => {
    const values: Record<string, string> = { ...defaultValues };
    for (const [name, input] of inputs.current) values[name] = input.value;
    return values as TValues;
  };

  const setFieldError = (name: string, error: FieldError | undefined) =>
    setErrors((previous) => {
      const next: Record<string, FieldError | undefined> = { ...previous };
      if (error) next[name] = error;
      else delete next[name];
      return next as typeof previous;
    });

  function makeRegistration(name: keyof TValues & string) {
    return {
      name,
      defaultValue: defaultValues[name],
      // One callback per field for the form's life: React calls a new ref function on every render.
      ref: (input: HTMLInputElement | null) => {
        if (input) inputs.current.set(name, input);
        else inputs.current.delete(name);
      },
      onChange: async () => {
        if (!submitted.current) return;
        const result = await check(currentValues());
        const message = result.ok ? undefined : result.errors[name];
        setFieldError(name, message === undefined ? undefined : { type: 'validate', message });
      },
    };
  }

  /** The props an <input> spreads to be part of the form (name, default value, ref, onChange). */
  const register = (name: keyof TValues & string) => {
    let registration = registered.current.get(name);
    if (!registration) registered.current.set(name, (registration = makeRegistration(name)));
    return registration;
  };

  /** Check every field, then call `onValid` with the schema's output, or show the messages. */
  const handleSubmit = (onValid: (values: TOutput) => unknown) => async (event: FormEvent) => {
    event.preventDefault();
    submitted.current = true;
    const result = await check(currentValues());
    if (result.ok) {
      setErrors({});
      await onValid(result.values);
      return;
    }
    setErrors(Object.fromEntries(Object.entries(result.errors).map(([name, message]) => [name, { type: 'validate', message }])) as typeof errors);
    const invalid = [...inputs.current].filter(([name]) => name in result.errors).map(([, input]) => input);
    invalid.sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
    invalid[0]?.focus();
  };

  /** A message from elsewhere (the server's answer) on a field, as react-hook-form's setError. */
  const setError = ((name: string, error: FieldError, options?: { shouldFocus?: boolean }) => {
    setFieldError(name, error);
    if (options?.shouldFocus) inputs.current.get(name)?.focus();
  }) as UseFormSetError<TValues>;

  return { register, handleSubmit, setError, errors };
}

import { useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router-dom';
import { RESET_LINK_INVALID, resetPasswordFormSchema, type ResetPasswordFormValues } from '@medchest/domain';
import { Button, ButtonLink } from '../../components/ui/Button';
import { Field, fieldProps } from '../../components/ui/Field';
import { serverFieldErrors, serverMessage } from '../../lib/api';
import { schemaResolver } from '../../lib/forms';
import { applyServerFieldErrors } from '../../lib/notify';
import { useResetPassword } from './usePasswordReset';
import { PasswordCard } from './PasswordCard';

/** /reset-password?token=…: choose a new password with the mailed link. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const reset = useResetPassword();
  const form = useForm<ResetPasswordFormValues, unknown, ResetPasswordFormValues>({
    resolver: schemaResolver<ResetPasswordFormValues, typeof resetPasswordFormSchema>(resetPasswordFormSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit((values) =>
    reset.mutate({ token, password: values.password }, { onError: (error) => applyServerFieldErrors(error, form.setError, ['password']) }),
  );
  // A link that cannot be used is said once, on the page, with the way to get a new one.
  const linkRefused = !token || (reset.isError && serverFieldErrors(reset.error).token !== undefined);
  const otherError = reset.isError && !linkRefused && !serverFieldErrors(reset.error).password ? (serverMessage(reset.error) ?? 'Could not reset the password') : undefined;

  return (
    <PasswordCard title="Choose a new password" testId="reset-password-card">
      {reset.isSuccess ? (
        <div className="stack" role="status" data-testid="reset-password-done">
          <p>{reset.data?.message}</p>
          <ButtonLink to="/login" className="btn--block">
            Log in
          </ButtonLink>
        </div>
      ) : linkRefused ? (
        <div className="stack" role="alert" data-testid="reset-link-invalid">
          <p>{RESET_LINK_INVALID}</p>
          <ButtonLink to="/forgot-password" className="btn--block">
            Request a new link
          </ButtonLink>
        </div>
      ) : (
        <form onSubmit={submit} noValidate aria-label="Reset password" className="stack">
          <Field id="reset-password" label="New password" error={errors.password?.message}>
            <input
              {...fieldProps('reset-password', errors.password?.message)}
              type="password"
              autoComplete="new-password"
              {...form.register('password')}
            />
          </Field>
          <Field id="reset-confirm" label="Confirm new password" error={errors.confirmPassword?.message}>
            <input
              {...fieldProps('reset-confirm', errors.confirmPassword?.message)}
              type="password"
              autoComplete="new-password"
              {...form.register('confirmPassword')}
            />
          </Field>
          {otherError ? (
            <p className="field__error" role="alert">
              {otherError}
            </p>
          ) : null}
          <p className="auth-note">Setting a new password signs your account out on every device.</p>
          <Button type="submit" className="btn--block" disabled={reset.isPending}>
            {reset.isPending ? 'Saving...' : 'Set new password'}
          </Button>
        </form>
      )}
    </PasswordCard>
  );
}

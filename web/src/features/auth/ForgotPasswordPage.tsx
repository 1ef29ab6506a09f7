import { useForm } from 'react-hook-form';
import { forgotPasswordSchema, PASSWORD_RESET_MINUTES } from '@medchest/domain';
import { Button } from '../../components/ui/Button';
import { Field, fieldProps } from '../../components/ui/Field';
import { schemaResolver } from '../../lib/forms';
import { applyServerFieldErrors, notifyFailure } from '../../lib/notify';
import { useForgotPassword } from './usePasswordReset';
import { PasswordCard } from './PasswordCard';

type ForgotValues = { email: string };

/** /forgot-password: ask for a reset link. The page says the same whether or not the address has an account. */
export function ForgotPasswordPage() {
  const request = useForgotPassword();
  const form = useForm<ForgotValues, unknown, ForgotValues>({
    resolver: schemaResolver<ForgotValues, typeof forgotPasswordSchema>(forgotPasswordSchema),
    defaultValues: { email: '' },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit((values) =>
    request.mutate(values, {
      onError: (error) => {
        applyServerFieldErrors(error, form.setError, ['email']);
        notifyFailure(error, 'Could not send the reset link');
      },
    }),
  );
  return (
    <PasswordCard title="Forgot your password?" intro="Enter the email of your account and we will send you a link to choose a new password." testId="forgot-password-card">
      {request.isSuccess ? (
        <div className="stack" role="status" data-testid="forgot-password-sent">
          <p>{request.data?.message}</p>
          <p className="auth-note">
            Check your inbox (and spam folder). The link works once, for {PASSWORD_RESET_MINUTES} minutes.
          </p>
          <Button variant="outline" className="btn--block" onClick={() => request.reset()}>
            Send another link
          </Button>
        </div>
      ) : (
        <form onSubmit={submit} noValidate aria-label="Forgot password" className="stack">
          <Field id="forgot-email" label="Email" error={errors.email?.message}>
            <input
              {...fieldProps('forgot-email', errors.email?.message)}
              type="email"
              autoComplete="email"
              placeholder="you@company.com"
              {...form.register('email')}
            />
          </Field>
          <Button type="submit" className="btn--block" disabled={request.isPending}>
            {request.isPending ? 'Sending...' : 'Send reset link'}
          </Button>
        </form>
      )}
    </PasswordCard>
  );
}

import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '../../components/ui/Button';
import { Field, fieldProps } from '../../components/ui/Field';
import { LogoMark } from '../../components/ui/icons';
import { deferredSchema } from '../../lib/deferredSchema';
import { applyServerFieldErrors } from '../../lib/notify';
import { useFirstPageForm } from '../../lib/useFirstPageForm';
import { preloadSignInSession, useLogin, useSignup } from '../../lib/signIn';
import './auth.css';

type LoginValues = { email: string; password: string };
type SignupValues = LoginValues & { firstName: string; lastName: string };

// The login page is a first page (issue 14): it paints without zod and the schemas, which load
// right after (see the preload below) from a subpath, not the domain's index, and without
// react-hook-form (useFirstPageForm) and react-query (./signIn); what follows a sign-in loads the same way.
const loginValidation = deferredSchema(() => import('@medchest/domain/user/schema').then((module) => module.loginSchema));
const signupValidation = deferredSchema(() => import('@medchest/domain/user/schema').then((module) => module.signupSchema));

function LoginForm({ defaultEmail }: { defaultEmail: string }) {
  const login = useLogin();
  useEffect(() => {
    loginValidation.preload();
    preloadSignInSession();
  }, []);
  const form = useFirstPageForm<LoginValues, LoginValues>({
    check: loginValidation.check,
    defaultValues: { email: defaultEmail, password: '' },
  });
  const { errors } = form;
  const submit = form.handleSubmit((values) =>
    login.mutate(values, {
      onError: (error) => applyServerFieldErrors(error, form.setError, ['email', 'password']),
    }),
  );
  return (
    <form onSubmit={submit} noValidate aria-label="Log in" className="stack">
      <Field id="login-email" label="Email" error={errors.email?.message}>
        <input
          {...fieldProps('login-email', errors.email?.message)}
          type="email"
          autoComplete="email"
          placeholder="you@company.com"
          {...form.register('email')}
        />
      </Field>
      <Field id="login-password" label="Password" error={errors.password?.message}>
        <input
          {...fieldProps('login-password', errors.password?.message)}
          type="password"
          autoComplete="current-password"
          {...form.register('password')}
        />
      </Field>
      <p className="auth-forgot">
        <Link to="/forgot-password">Forgot password?</Link>
      </p>
      <Button type="submit" className="btn--block" disabled={login.isPending}>
        {login.isPending ? 'Logging in...' : 'Log In'}
      </Button>
    </form>
  );
}

function SignupForm({ onCreated }: { onCreated: (email: string) => void }) {
  const signup = useSignup(onCreated);
  useEffect(() => {
    signupValidation.preload();
    preloadSignInSession();
  }, []);
  const form = useFirstPageForm({
    check: signupValidation.check,
    defaultValues: { email: '', password: '', firstName: '', lastName: '' } as SignupValues,
  });
  const { errors } = form;
  const submit = form.handleSubmit((values) =>
    signup.mutate(values, {
      onError: (error) =>
        applyServerFieldErrors(error, form.setError, ['email', 'password', 'firstName', 'lastName']),
    }),
  );
  return (
    <form onSubmit={submit} noValidate aria-label="Sign up" className="stack">
      <div className="form-grid form-grid--2">
        <Field id="signup-first-name" label="First name" error={errors.firstName?.message}>
          <input
            {...fieldProps('signup-first-name', errors.firstName?.message)}
            autoComplete="given-name"
            {...form.register('firstName')}
          />
        </Field>
        <Field id="signup-last-name" label="Last name" error={errors.lastName?.message}>
          <input
            {...fieldProps('signup-last-name', errors.lastName?.message)}
            autoComplete="family-name"
            {...form.register('lastName')}
          />
        </Field>
      </div>
      <Field id="signup-email" label="Email" error={errors.email?.message}>
        <input
          {...fieldProps('signup-email', errors.email?.message)}
          type="email"
          autoComplete="email"
          placeholder="you@company.com"
          {...form.register('email')}
        />
      </Field>
      <Field
        id="signup-password"
        label="Password"
        error={errors.password?.message}
        hint="At least 6 characters."
      >
        <input
          {...fieldProps('signup-password', errors.password?.message, true)}
          type="password"
          autoComplete="new-password"
          {...form.register('password')}
        />
      </Field>
      <p className="auth-note">New accounts are reviewed by an administrator before they can see fleet data.</p>
      <Button type="submit" className="btn--block" disabled={signup.isPending}>
        {signup.isPending ? 'Creating account...' : 'Create Account'}
      </Button>
    </form>
  );
}

/** /login: log in, or toggle to sign up for a new (pending) account (spec 001 §2). */
export function LoginPage() {
  const [mode, setMode] = useState<'login' | 'signup'>('login');
  const [loginEmail, setLoginEmail] = useState('');
  const isLogin = mode === 'login';
  return (
    <div className="auth-page">
      <div className="auth-card" data-testid={isLogin ? 'login-card' : 'signup-card'}>
        <div className="auth-card__brand">
          <Link to="/landing" aria-label="MedChest home" className="brand">
            <LogoMark size={40} />
          </Link>
          <h1>{isLogin ? 'Log in to MedChest' : 'Create your account'}</h1>
          <p className="muted">
            {isLogin
              ? 'Fleet medical chest compliance, in one place.'
              : 'Sign up with your work email. An administrator approves new accounts.'}
          </p>
        </div>
        {isLogin ? (
          <LoginForm key={loginEmail} defaultEmail={loginEmail} />
        ) : (
          <SignupForm
            onCreated={(email) => {
              setLoginEmail(email);
              setMode('login');
            }}
          />
        )}
        <p className="auth-toggle">
          {isLogin ? "Don't have an account?" : 'Already have an account?'}{' '}
          <button type="button" className="link-button" onClick={() => setMode(isLogin ? 'signup' : 'login')}>
            {isLogin ? 'Sign up' : 'Log in'}
          </button>
        </p>
        <p className="auth-footer-links">
          <Link to="/admin/login">Try the demo</Link>
          <span aria-hidden="true">·</span>
          <Link to="/landing">About MedChest</Link>
        </p>
      </div>
    </div>
  );
}

import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { DEMO_FLEET_OWNER, demoLoginSchema } from '@medchest/domain';
import { Button, ButtonLink } from '../../components/ui/Button';
import { Field, fieldProps } from '../../components/ui/Field';
import { LogoMark, ShipIcon, UserIcon } from '../../components/ui/icons';
import { schemaResolver } from '../../lib/forms';
import { useDemoLogin } from '../../lib/useAuthActions';
import './auth.css';
import { DemoCaptainButton } from './DemoCaptainButton';

type DemoValues = { email: string; password: string };

/** /admin/login: the demo entry, plus the ways in for fleet managers and captains (spec 001 §2). */
export function DemoLoginPage() {
  const demoLogin = useDemoLogin();
  const form = useForm<DemoValues, unknown, DemoValues>({
    resolver: schemaResolver<DemoValues, typeof demoLoginSchema>(demoLoginSchema),
    defaultValues: { email: '', password: '' },
  });
  const { errors } = form.formState;
  const fillDemo = () => {
    form.setValue('email', DEMO_FLEET_OWNER.email, { shouldValidate: form.formState.isSubmitted });
    form.setValue('password', DEMO_FLEET_OWNER.password, { shouldValidate: form.formState.isSubmitted });
  };
  return (
    <div className="auth-page">
      <div className="entry">
        <div className="auth-card__brand entry__brand">
          <Link to="/landing" aria-label="MedChest home" className="brand">
            <LogoMark size={40} />
          </Link>
          <h1>Welcome to MedChest</h1>
          <p className="muted">Choose how you would like to sign in.</p>
        </div>

        <div className="entry__grid">
          <section className="auth-card entry__demo" aria-labelledby="demo-title">
            <h2 id="demo-title">Demo Login</h2>
            <p className="muted">Explore MedChest as the owner of a demo fleet of 31 vessels.</p>
            <div className="demo-credentials" data-testid="demo-credentials">
              <dl>
                <div>
                  <dt>Email</dt>
                  <dd>
                    <code>{DEMO_FLEET_OWNER.email}</code>
                  </dd>
                </div>
                <div>
                  <dt>Password</dt>
                  <dd>
                    <code>{DEMO_FLEET_OWNER.password}</code>
                  </dd>
                </div>
              </dl>
              <Button variant="outline" size="sm" onClick={fillDemo}>
                Use demo credentials
              </Button>
            </div>
            <form
              className="stack"
              noValidate
              aria-label="Demo login"
              onSubmit={form.handleSubmit((values) => demoLogin.mutate(values))}
            >
              <Field id="demo-email" label="Email" error={errors.email?.message}>
                <input
                  {...fieldProps('demo-email', errors.email?.message)}
                  type="email"
                  autoComplete="username"
                  {...form.register('email')}
                />
              </Field>
              <Field id="demo-password" label="Password" error={errors.password?.message}>
                <input
                  {...fieldProps('demo-password', errors.password?.message)}
                  type="password"
                  autoComplete="current-password"
                  {...form.register('password')}
                />
              </Field>
              <Button type="submit" className="btn--block" disabled={demoLogin.isPending}>
                {demoLogin.isPending ? 'Signing in...' : 'Enter Demo'}
              </Button>
            </form>
          </section>

          <div className="entry__options">
            <section className="auth-card entry__option" aria-labelledby="fleet-login-title">
              <span className="feature-card__icon">
                <ShipIcon size={22} />
              </span>
              <h2 id="fleet-login-title">Fleet Manager</h2>
              <p className="muted">Manage vessels, certificates and compliance for your whole fleet.</p>
              <ButtonLink to="/login" variant="secondary" className="btn--block">
                Fleet Manager Login
              </ButtonLink>
            </section>
            <section className="auth-card entry__option" aria-labelledby="captain-login-title">
              <span className="feature-card__icon">
                <UserIcon size={22} />
              </span>
              <h2 id="captain-login-title">Captain</h2>
              <p className="muted">See your own vessel’s medical chest, orders and certificate.</p>
              <ButtonLink to="/captain/login" variant="secondary" className="btn--block">
                Captain Login
              </ButtonLink>
              <DemoCaptainButton />
            </section>
          </div>
        </div>
      </div>
    </div>
  );
}

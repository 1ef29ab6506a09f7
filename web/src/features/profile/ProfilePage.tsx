import { useEffect, useMemo, useRef, useState } from 'react';
import { format } from 'date-fns';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { PENDING_ACCOUNT_MESSAGE, profileSchema, type Profile } from '@medchest/domain';
import { Badge } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { Field, fieldProps } from '../../components/ui/Field';
import { PageHeader } from '../../components/ui/PageHeader';
import { ClockIcon } from '../../components/ui/icons';
import { apiJson } from '../../lib/api';
import {
  AUTH_USER_KEY,
  captainVesselId,
  displayName,
  refreshSessionUser,
  ROLE_LABELS,
  STATUS_LABELS,
  statusTone,
  type AuthUser,
} from '../../lib/auth';
import { SUPPORT_EMAIL } from '../../lib/config';
import { formatDate } from '../../lib/dates';
import { schemaResolver } from '../../lib/forms';
import { applyServerFieldErrors, notifyError, notifySuccess } from '../../lib/notify';
import { refreshKeys } from '../../lib/queryClient';
import { useVessels } from '../../lib/useVessels';
import { distinctValues } from '../../lib/vesselOptions';

type ProfileValues = {
  firstName: string;
  lastName: string;
  phone: string;
  company: string;
  preferredFleet: string;
  preferredVessel: string;
};
const PROFILE_FIELDS = ['firstName', 'lastName', 'phone', 'company', 'preferredFleet', 'preferredVessel'] as const;

function valuesFrom(user: AuthUser): ProfileValues {
  return {
    firstName: user.firstName ?? '',
    lastName: user.lastName ?? '',
    phone: user.phone ?? '',
    company: user.company ?? '',
    preferredFleet: user.preferredFleet ?? '',
    preferredVessel: user.preferredVessel ?? '',
  };
}

/**
 * Shown while the account is pending. 'Check again' asks the server for the account now (an
 * approval then takes effect at once: the banner goes, the menu appears); while it is still
 * pending the banner says when it last looked.
 */
export function PendingBanner() {
  const queryClient = useQueryClient();
  const [stillPendingAt, setStillPendingAt] = useState<Date | null>(null);
  const check = useMutation({
    mutationFn: () => refreshSessionUser(queryClient),
    onSuccess: (user) => setStillPendingAt(user?.status === 'pending' ? new Date() : null),
    onError: (error) => notifyError(error, 'Failed to check your account status'),
  });
  return (
    <div className="banner banner--warning" role="status" data-testid="pending-banner">
      <ClockIcon size={22} />
      <div className="banner__content">
        <p className="banner__title">Account Pending</p>
        <p>
          {PENDING_ACCOUNT_MESSAGE} Questions? Contact <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
        </p>
        {stillPendingAt && (
          <p className="banner__note" data-testid="pending-checked">
            Still pending (checked at {format(stillPendingAt, 'HH:mm')}).
          </p>
        )}
      </div>
      <Button variant="outline" size="sm" onClick={() => check.mutate()} disabled={check.isPending}>
        {check.isPending ? 'Checking...' : 'Check again'}
      </Button>
    </div>
  );
}

/**
 * A pending account's status can change on the server at any time (an admin approves it), while
 * the browser's copy of the user never goes stale. So: ask again when the profile page opens (focus
 * and 'Check again' are the other two moments), and say so when the approval arrives.
 */
function useFollowPendingStatus(user: AuthUser) {
  const queryClient = useQueryClient();
  const pending = user.status === 'pending';
  useEffect(() => {
    if (pending) void refreshSessionUser(queryClient).catch(() => undefined);
    // Once per visit of the page, not on every change of the user.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const wasPending = useRef(pending);
  useEffect(() => {
    if (wasPending.current && user.status === 'active') {
      notifySuccess('Your account has been approved. The whole of MedChest is open to you now.');
    }
    wasPending.current = user.status === 'pending';
  }, [user.status]);
}

/** /profile: the one page a pending account can reach (spec 001 §2, §5). */
export function ProfilePage({ user }: { user: AuthUser }) {
  const queryClient = useQueryClient();
  const pending = user.status === 'pending';
  useFollowPendingStatus(user);
  // Fleet users may pick a preferred vessel from their fleet; others type it.
  const canListVessels = user.status === 'active' && !captainVesselId(user);
  const vessels = useVessels({ enabled: canListVessels });
  const fleets = useMemo(() => distinctValues(vessels.data ?? [], (v) => v.fleet), [vessels.data]);

  const form = useForm<ProfileValues, unknown, Profile>({
    resolver: schemaResolver<ProfileValues, typeof profileSchema>(profileSchema),
    defaultValues: valuesFrom(user),
  });
  const { errors, isDirty } = form.formState;
  // Reload the form when the profile itself changed on the server (a save), not when only the
  // account's status did (an approval arriving must not throw away what the user is typing).
  const savedValues = JSON.stringify(valuesFrom(user));
  useEffect(() => form.reset(JSON.parse(savedValues) as ProfileValues), [savedValues, form]);

  const save = useMutation({
    mutationFn: (profile: Profile) => apiJson<unknown>('PATCH', '/api/auth/profile', profile),
    onSuccess: () => refreshKeys(queryClient, [AUTH_USER_KEY]),
  });
  const submit = form.handleSubmit((profile) =>
    save.mutate(profile, {
      onSuccess: () => notifySuccess('Profile updated successfully'),
      onError: (error) => {
        applyServerFieldErrors(error, form.setError, PROFILE_FIELDS);
        notifyError(error, 'Failed to update profile');
      },
    }),
  );

  const text = (name: keyof ProfileValues, id: string, label: string, autoComplete?: string, type = 'text') => (
    <Field id={id} label={label} error={errors[name]?.message}>
      <input
        {...fieldProps(id, errors[name]?.message)}
        type={type}
        autoComplete={autoComplete}
        {...form.register(name)}
      />
    </Field>
  );

  return (
    <div className="page">
      <PageHeader title="Profile" subtitle="Your contact details and preferences." />
      {pending && <PendingBanner />}
      <div className="profile-grid">
        <Card title="Edit Profile" id="profile-form">
          <form onSubmit={submit} noValidate aria-label="Edit profile" className="stack">
            <div className="form-grid form-grid--2">
              {text('firstName', 'profile-first-name', 'First name', 'given-name')}
              {text('lastName', 'profile-last-name', 'Last name', 'family-name')}
              {text('phone', 'profile-phone', 'Phone', 'tel', 'tel')}
              {text('company', 'profile-company', 'Company', 'organization')}
              <Field id="profile-preferred-fleet" label="Preferred fleet" error={errors.preferredFleet?.message}>
                <input
                  {...fieldProps('profile-preferred-fleet', errors.preferredFleet?.message)}
                  list={fleets.length ? 'profile-fleets' : undefined}
                  {...form.register('preferredFleet')}
                />
              </Field>
              {fleets.length > 0 && (
                <datalist id="profile-fleets">
                  {fleets.map((fleet) => (
                    <option key={fleet} value={fleet} />
                  ))}
                </datalist>
              )}
              {canListVessels && !vessels.isError ? (
                <Field id="profile-preferred-vessel" label="Preferred vessel" error={errors.preferredVessel?.message}>
                  <select
                    key={vessels.data ? 'loaded' : 'loading'}
                    {...fieldProps('profile-preferred-vessel', errors.preferredVessel?.message)}
                    disabled={!vessels.data}
                    {...form.register('preferredVessel')}
                  >
                    <option value="">{vessels.data ? 'No preference' : 'Loading vessels...'}</option>
                    {(vessels.data ?? []).map((vessel) => (
                      <option key={vessel.id} value={vessel.id}>
                        {vessel.vesselName} ({vessel.imoNumber})
                      </option>
                    ))}
                  </select>
                </Field>
              ) : (
                text('preferredVessel', 'profile-preferred-vessel', 'Preferred vessel')
              )}
            </div>
            <div className="form-actions">
              <Button
                variant="secondary"
                onClick={() => form.reset(valuesFrom(user))}
                disabled={!isDirty || save.isPending}
              >
                Reset
              </Button>
              <Button type="submit" disabled={save.isPending}>
                {save.isPending ? 'Saving...' : 'Save Profile'}
              </Button>
            </div>
          </form>
        </Card>

        <Card title="Account Information" id="account-info" testId="account-info">
          <dl className="info-list">
            <div>
              <dt>Name</dt>
              <dd>{displayName(user)}</dd>
            </div>
            <div>
              <dt>Email</dt>
              <dd>{user.email}</dd>
            </div>
            <div>
              <dt>Role</dt>
              <dd>{ROLE_LABELS[user.role] ?? user.role}</dd>
            </div>
            <div>
              <dt>Status</dt>
              <dd>
                <Badge tone={statusTone(user.status)} testId="account-status">
                  {STATUS_LABELS[user.status] ?? user.status}
                </Badge>
              </dd>
            </div>
            {user.accountType && (
              <div>
                <dt>Account type</dt>
                <dd className="capitalize">{user.accountType.replace(/_/g, ' ')}</dd>
              </div>
            )}
            {user.createdAt && (
              <div>
                <dt>Member since</dt>
                <dd>{formatDate(user.createdAt)}</dd>
              </div>
            )}
          </dl>
        </Card>
      </div>
    </div>
  );
}

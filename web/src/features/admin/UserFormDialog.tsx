import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { adminCreateUserSchema, adminEditUserSchema, ROLES, USER_STATUSES } from '@medchest/domain';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { Field, fieldProps } from '../../components/ui/Field';
import { ROLE_LABELS, STATUS_LABELS } from '../../lib/auth';
import { schemaResolver } from '../../lib/forms';
import { applyServerFieldErrors, notifyError, notifySuccess } from '../../lib/notify';
import { adminCalls, useAdminUserCall, type AdminUser } from './adminUsers';

type UserValues = {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  role: string;
  status: string;
  phone: string;
  company: string;
};
const FIELDS = ['email', 'password', 'firstName', 'lastName', 'role', 'status', 'phone', 'company'] as const;

const blank = (user?: AdminUser | null): UserValues => ({
  email: user?.email ?? '',
  password: '',
  firstName: user?.firstName ?? '',
  lastName: user?.lastName ?? '',
  role: user?.role ?? 'fleet_manager',
  status: user?.status ?? 'pending',
  phone: user?.phone ?? '',
  company: user?.company ?? '',
});

/**
 * Create a user (spec 001 §5: email 'Invalid email address', password of at least 6 characters,
 * status pending unless chosen) or edit one (names, phone, company, role, a new password). The
 * same domain schemas check the form here and the request on the server.
 */
export function UserFormDialog({ open, user, onClose }: { open: boolean; user: AdminUser | null; onClose: () => void }) {
  const editing = user !== null;
  const form = useForm<UserValues>({
    resolver: schemaResolver<UserValues, typeof adminCreateUserSchema>(editing ? (adminEditUserSchema as never) : adminCreateUserSchema) as never,
    defaultValues: blank(user),
  });
  const { errors } = form.formState;
  useEffect(() => {
    if (open) form.reset(blank(user));
  }, [open, user, form]);

  const create = useAdminUserCall(adminCalls.create);
  const edit = useAdminUserCall(adminCalls.edit);
  const saving = create.isPending || edit.isPending;

  const submit = form.handleSubmit((values) => {
    const onError = (error: unknown) => {
      applyServerFieldErrors(error, form.setError, FIELDS);
      notifyError(error, editing ? 'Failed to update user' : 'Failed to create user');
    };
    if (editing) {
      const { email: _email, status: _status, ...body } = values as unknown as UserValues;
      edit.mutate(
        { id: user.id, body },
        {
          onSuccess: () => {
            notifySuccess('User updated successfully');
            onClose();
          },
          onError,
        },
      );
    } else {
      create.mutate(values, {
        onSuccess: () => {
          notifySuccess('User created successfully');
          onClose();
        },
        onError,
      });
    }
  });

  const text = (name: Exclude<keyof UserValues, 'role' | 'status'>, label: string, type = 'text', required = false) => (
    <Field id={`user-${name}`} label={label} error={errors[name]?.message} required={required}>
      <input type={type} {...fieldProps(`user-${name}`, errors[name]?.message)} {...form.register(name)} />
    </Field>
  );

  return (
    <Dialog
      open={open}
      onClose={onClose}
      busy={saving}
      title={editing ? 'Edit User' : 'Create User'}
      description={editing ? user.email : 'New accounts are pending until approved, unless you choose otherwise.'}
      testId="user-form-dialog"
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" form="user-form" disabled={saving}>
            {saving ? 'Saving...' : editing ? 'Save Changes' : 'Create User'}
          </Button>
        </>
      }
    >
      <form id="user-form" className="form-grid" noValidate onSubmit={submit}>
        {!editing && text('email', 'Email', 'email', true)}
        {text('password', editing ? 'New password (leave blank to keep)' : 'Password', 'password', !editing)}
        {text('firstName', 'First name')}
        {text('lastName', 'Last name')}
        <Field id="user-role" label="Role" error={errors.role?.message}>
          <select {...fieldProps('user-role', errors.role?.message)} {...form.register('role')}>
            {ROLES.map((role) => (
              <option key={role} value={role}>
                {ROLE_LABELS[role]}
              </option>
            ))}
          </select>
        </Field>
        {!editing && (
          <Field id="user-status" label="Status" error={errors.status?.message}>
            <select {...fieldProps('user-status', errors.status?.message)} {...form.register('status')}>
              {USER_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {STATUS_LABELS[status]}
                </option>
              ))}
            </select>
          </Field>
        )}
        {text('phone', 'Phone', 'tel')}
        {text('company', 'Company')}
      </form>
    </Dialog>
  );
}

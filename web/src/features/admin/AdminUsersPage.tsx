import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ROLES, USER_STATUSES } from '@medchest/domain';
import { Badge } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { ConfirmDialog } from '../../components/ui/Dialog';
import { PageHeader } from '../../components/ui/PageHeader';
import { StatCard } from '../../components/ui/StatCard';
import { EmptyState, ErrorState, LoadingState } from '../../components/ui/StateMessage';
import { CheckIcon, ClockIcon, EditIcon, PlusIcon, ShipIcon, TrashIcon, UserIcon, UsersIcon } from '../../components/ui/icons';
import { serverMessage } from '../../lib/api';
import { displayName, ROLE_LABELS, STATUS_LABELS, statusTone, type AuthUser } from '../../lib/auth';
import { notifyError, notifySuccess } from '../../lib/notify';
import { queryKeys } from '../../lib/queryKeys';
import { TableScroll } from '../../components/ui/TableScroll';
import { AdminNav } from '../../components/layout/AdminNav';
import { AssignmentsDialog } from './AssignmentsDialog';
import { UserFormDialog } from './UserFormDialog';
import { adminCalls, ALL, filterUsers, useAdminUserCall, userStats, vesselCountLabel, type AdminUser } from './adminUsers';

type Confirm = { user: AdminUser; action: 'suspend' | 'delete' };

/** Roles whose scope is made of assignments (an admin sees all, a captain has their vessel). */
const ASSIGNABLE = new Set(['fleet_manager', 'auditor']);

/**
 * /admin/users (admin only, spec 001 §2, §6): stats, filters, the users table, create and edit
 * dialogs, approve / suspend / reactivate, delete with a confirmation, and the assignment editor.
 */
export function AdminUsersPage({ currentUser }: { currentUser: AuthUser }) {
  const users = useQuery<AdminUser[]>({ queryKey: queryKeys.adminUsers });
  const [search, setSearch] = useState('');
  const [role, setRole] = useState(ALL);
  const [status, setStatus] = useState(ALL);
  const [formUser, setFormUser] = useState<AdminUser | null | undefined>(undefined);
  const [assigning, setAssigning] = useState<AdminUser | null>(null);
  const [confirm, setConfirm] = useState<Confirm | null>(null);
  const statusCall = useAdminUserCall(adminCalls.status);
  const remove = useAdminUserCall(adminCalls.remove);

  const list = useMemo(() => users.data ?? [], [users.data]);
  const shown = useMemo(() => filterUsers(list, { search, role, status }), [list, search, role, status]);
  const stats = userStats(list);

  const changeStatus = (user: AdminUser, action: 'approve' | 'suspend' | 'reactivate', done: string) =>
    statusCall.mutate(
      { id: user.id, action },
      {
        onSuccess: () => {
          notifySuccess(`${displayName(user)} ${done}`);
          setConfirm(null);
        },
        onError: (error) => notifyError(error, 'Failed to update user'),
      },
    );

  let body;
  if (users.isLoading) body = <LoadingState>Loading users...</LoadingState>;
  else if (users.isError) body = <ErrorState>{serverMessage(users.error) ?? 'Failed to load users'}</ErrorState>;
  else if (shown.length === 0) body = <EmptyState icon={<UsersIcon size={32} />} title="No users found" testId="users-empty" />;
  else
    body = (
      <TableScroll label="Users">
        <table className="table" data-testid="users-table">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Email</th>
              <th scope="col">Role</th>
              <th scope="col">Status</th>
              <th scope="col">Company</th>
              <th scope="col">Vessels</th>
              <th scope="col" className="actions-col">
                Actions
              </th>
            </tr>
          </thead>
          <tbody>
            {shown.map((user) => {
              const name = displayName(user);
              const self = user.id === currentUser.id;
              return (
                <tr key={user.id} data-testid="user-row">
                  <td className="strong">{name}</td>
                  <td>{user.email}</td>
                  <td>{ROLE_LABELS[user.role] ?? user.role}</td>
                  <td>
                    <Badge tone={statusTone(user.status)}>{STATUS_LABELS[user.status] ?? user.status}</Badge>
                  </td>
                  <td>{user.company ?? <span className="text-muted">—</span>}</td>
                  <td data-testid="user-vessel-count">{vesselCountLabel(user)}</td>
                  <td className="actions-col">
                    <div className="row-actions">
                      {user.status === 'pending' && (
                        <Button size="sm" icon={<CheckIcon size={15} />} aria-label={`Approve ${name}`} disabled={statusCall.isPending} onClick={() => changeStatus(user, 'approve', 'has been approved')}>
                          Approve
                        </Button>
                      )}
                      {user.status === 'suspended' && (
                        <Button size="sm" variant="outline" aria-label={`Reactivate ${name}`} disabled={statusCall.isPending} onClick={() => changeStatus(user, 'reactivate', 'has been reactivated')}>
                          Reactivate
                        </Button>
                      )}
                      {user.status === 'active' && !self && (
                        <Button size="sm" variant="outline" aria-label={`Suspend ${name}`} onClick={() => setConfirm({ user, action: 'suspend' })}>
                          Suspend
                        </Button>
                      )}
                      {ASSIGNABLE.has(user.role) && (
                        <Button size="sm" variant="outline" icon={<ShipIcon size={15} />} aria-label={`Assignments of ${name}`} onClick={() => setAssigning(user)}>
                          Assign
                        </Button>
                      )}
                      <Button size="sm" variant="ghost" icon={<EditIcon size={15} />} aria-label={`Edit ${name}`} onClick={() => setFormUser(user)} />
                      {!self && (
                        <Button size="sm" variant="ghost" icon={<TrashIcon size={15} />} aria-label={`Delete ${name}`} onClick={() => setConfirm({ user, action: 'delete' })} />
                      )}
                    </div>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </TableScroll>
    );

  const loading = users.isLoading;
  const failed = users.isError;
  const confirmName = confirm ? displayName(confirm.user) : '';
  return (
    <div className="page">
      <PageHeader
        title="Admin Portal"
        subtitle="Manage who can use MedChest and which vessels each person sees."
        actions={
          <Button icon={<PlusIcon size={16} />} onClick={() => setFormUser(null)}>
            Create User
          </Button>
        }
      />
      <AdminNav />
      <div className="stat-grid admin-user-stats" data-testid="user-stats">
        <StatCard label="Total users" value={stats.total} icon={UsersIcon} tone="navy" testId="stat-total-users" loading={loading} failed={failed}>
          <span className="text-muted">
            {stats.byRole.admin} admin · {stats.byRole.fleet_manager} fleet managers · {stats.byRole.auditor} auditors · {stats.byRole.captain} captains
          </span>
        </StatCard>
        <StatCard label="Pending" value={stats.pending} icon={ClockIcon} tone="warning" testId="stat-pending-users" loading={loading} failed={failed} />
        <StatCard label="Active" value={stats.active} icon={UserIcon} tone="success" testId="stat-active-users" loading={loading} failed={failed} />
        <StatCard label="Suspended" value={stats.suspended} icon={UserIcon} tone="danger" testId="stat-suspended-users" loading={loading} failed={failed} />
      </div>
      <div className="card">
        <div className="filters filters--users" role="group" aria-label="Filter users">
          <div className="filter">
            <label htmlFor="filter-user-search" className="filter__label">
              Search
            </label>
            <input id="filter-user-search" type="search" placeholder="Name, email or company" value={search} onChange={(e) => setSearch(e.target.value)} />
          </div>
          <div className="filter">
            <label htmlFor="filter-user-role" className="filter__label">
              Role
            </label>
            <select id="filter-user-role" value={role} onChange={(e) => setRole(e.target.value)}>
              <option value={ALL}>All roles</option>
              {ROLES.map((r) => (
                <option key={r} value={r}>
                  {ROLE_LABELS[r]}
                </option>
              ))}
            </select>
          </div>
          <div className="filter">
            <label htmlFor="filter-user-status" className="filter__label">
              Status
            </label>
            <select id="filter-user-status" value={status} onChange={(e) => setStatus(e.target.value)}>
              <option value={ALL}>All statuses</option>
              {USER_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {STATUS_LABELS[s]}
                </option>
              ))}
            </select>
          </div>
        </div>
        {body}
      </div>
      <UserFormDialog open={formUser !== undefined} user={formUser ?? null} onClose={() => setFormUser(undefined)} />
      <AssignmentsDialog user={assigning} onClose={() => setAssigning(null)} />
      <ConfirmDialog
        open={confirm?.action === 'suspend'}
        title={`Suspend ${confirmName}?`}
        description="A suspended user is signed out everywhere at once and can no longer sign in or see fleet data."
        confirmLabel="Suspend"
        pendingLabel="Suspending..."
        pending={statusCall.isPending}
        onCancel={() => setConfirm(null)}
        onConfirm={() => confirm && changeStatus(confirm.user, 'suspend', 'has been suspended')}
        testId="suspend-user-dialog"
      />
      <ConfirmDialog
        open={confirm?.action === 'delete'}
        title={`Delete ${confirmName}?`}
        description="All of this user's vessel and fleet assignments are removed and their name is removed from the activity log; the entries themselves are kept for the audit trail, shown as “Deleted user”. This cannot be undone."
        confirmLabel="Delete User"
        pendingLabel="Deleting..."
        pending={remove.isPending}
        onCancel={() => setConfirm(null)}
        onConfirm={() =>
          confirm &&
          remove.mutate(confirm.user.id, {
            onSuccess: () => {
              notifySuccess(`${confirmName} has been deleted`);
              setConfirm(null);
            },
            onError: (error) => notifyError(error, 'Failed to delete user'),
          })
        }
        testId="delete-user-dialog"
      />
    </div>
  );
}

import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Badge } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { ConfirmDialog } from '../../components/ui/Dialog';
import { PageHeader } from '../../components/ui/PageHeader';
import { EmptyState, ErrorState, LoadingState } from '../../components/ui/StateMessage';
import { CheckIcon, UsersIcon } from '../../components/ui/icons';
import { apiRequest, serverMessage } from '../../lib/api';
import { displayName, ROLE_LABELS, STATUS_LABELS, statusTone, type AuthUser } from '../../lib/auth';
import { formatDate } from '../../lib/dates';
import { notifyError, notifySuccess } from '../../lib/notify';
import { refreshKeys } from '../../lib/queryClient';
import { queryKeys } from '../../lib/queryKeys';
import { AdminNav } from './AdminNav';
import { TableScroll } from '../../components/ui/TableScroll';

type AdminUser = AuthUser & { vesselCount?: number | string | null };

function useUserStatusChange(action: 'approve' | 'suspend') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => apiRequest('PATCH', `/api/admin/users/${userId}/${action}`),
    onSuccess: () => refreshKeys(queryClient, [queryKeys.adminUsers]),
  });
}

/**
 * /admin/users (admin only): the users and their status, with Approve for pending accounts and
 * Suspend for active ones (spec 001 §2). Creating, editing and assignments come in a later release.
 */
export function AdminUsersPage({ currentUser }: { currentUser: AuthUser }) {
  const users = useQuery<AdminUser[]>({ queryKey: queryKeys.adminUsers });
  const approve = useUserStatusChange('approve');
  const suspend = useUserStatusChange('suspend');
  const [suspending, setSuspending] = useState<AdminUser | null>(null);

  const list = users.data ?? [];
  const pendingCount = list.filter((u) => u.status === 'pending').length;

  let body;
  if (users.isLoading) body = <LoadingState>Loading users...</LoadingState>;
  else if (users.isError) body = <ErrorState>{serverMessage(users.error) ?? 'Failed to load users'}</ErrorState>;
  else if (list.length === 0) body = <EmptyState icon={<UsersIcon size={32} />} title="No users found" testId="users-empty" />;
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
              <th scope="col">Joined</th>
              <th scope="col" className="actions-col">
                Actions
              </th>
            </tr>
          </thead>
          <tbody>
            {list.map((user) => {
              const name = displayName(user);
              const approving = approve.isPending && approve.variables === user.id;
              return (
                <tr key={user.id} data-testid="user-row">
                  <td className="strong">{name}</td>
                  <td>{user.email}</td>
                  <td>{ROLE_LABELS[user.role] ?? user.role}</td>
                  <td>
                    <Badge tone={statusTone(user.status)}>{STATUS_LABELS[user.status] ?? user.status}</Badge>
                  </td>
                  <td>{formatDate(user.createdAt) ?? <span className="text-muted">—</span>}</td>
                  <td className="actions-col">
                    <div className="row-actions">
                      {user.status === 'pending' && (
                        <Button
                          size="sm"
                          icon={<CheckIcon size={15} />}
                          aria-label={`Approve ${name}`}
                          disabled={approve.isPending}
                          onClick={() =>
                            approve.mutate(user.id, {
                              onSuccess: () => notifySuccess(`${name} has been approved`),
                              onError: (error) => notifyError(error, 'Failed to update user'),
                            })
                          }
                        >
                          {approving ? 'Approving...' : 'Approve'}
                        </Button>
                      )}
                      {user.status === 'active' && user.id !== currentUser.id && (
                        <Button
                          size="sm"
                          variant="outline"
                          aria-label={`Suspend ${name}`}
                          disabled={suspend.isPending}
                          onClick={() => setSuspending(user)}
                        >
                          Suspend
                        </Button>
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

  return (
    <div className="page">
      <PageHeader
        title="Admin Portal"
        subtitle={
          users.data
            ? `${list.length} ${list.length === 1 ? 'user' : 'users'}${pendingCount ? `, ${pendingCount} awaiting approval` : ''}`
            : 'Manage who can use MedChest.'
        }
      />
      <AdminNav />
      <div className="card">{body}</div>
      <ConfirmDialog
        open={suspending !== null}
        title={`Suspend ${suspending ? displayName(suspending) : ''}?`}
        description="A suspended user can no longer sign in or see fleet data."
        confirmLabel="Suspend"
        pendingLabel="Suspending..."
        pending={suspend.isPending}
        onCancel={() => setSuspending(null)}
        onConfirm={() =>
          suspending &&
          suspend.mutate(suspending.id, {
            onSuccess: () => {
              notifySuccess(`${displayName(suspending)} has been suspended`);
              setSuspending(null);
            },
            onError: (error) => notifyError(error, 'Failed to update user'),
          })
        }
        testId="suspend-user-dialog"
      />
    </div>
  );
}

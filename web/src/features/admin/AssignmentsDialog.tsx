import { useEffect, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { LoadingState } from '../../components/ui/StateMessage';
import { displayName } from '../../lib/auth';
import { notifyError, notifySuccess } from '../../lib/notify';
import { toast } from '../../components/ui/toast-store';
import { useVessels } from '../../lib/useVessels';
import { adminCalls, useAdminUserCall, type AdminUser } from './adminUsers';

/**
 * A fleet manager's or auditor's assignments (spec 001 §3, §7): fleets by name (every vessel of the
 * fleet, now and later) and single vessels. Both lists are saved whole, each by its own call.
 */
export function AssignmentsDialog({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  const open = user !== null;
  const id = user?.id ?? '';
  const vessels = useVessels({ enabled: open });
  const fleets = useQuery<string[]>({ queryKey: ['/api/admin/fleets'], enabled: open });
  const assignedVessels = useQuery<{ vesselIds: string[] }>({ queryKey: ['/api/admin/users', id, 'vessels'], enabled: open, staleTime: 0 });
  const assignedFleets = useQuery<{ fleets: string[] }>({ queryKey: ['/api/admin/users', id, 'fleets'], enabled: open, staleTime: 0 });
  const [vesselIds, setVesselIds] = useState<Set<string>>(new Set());
  const [fleetNames, setFleetNames] = useState<Set<string>>(new Set());
  const [filter, setFilter] = useState('');

  useEffect(() => setVesselIds(new Set(assignedVessels.data?.vesselIds ?? [])), [assignedVessels.data]);
  useEffect(() => setFleetNames(new Set(assignedFleets.data?.fleets ?? [])), [assignedFleets.data]);
  const failed = assignedVessels.isError || assignedFleets.isError;
  useEffect(() => {
    if (failed) toast({ title: 'Warning', description: 'Could not load vessel/fleet assignments', variant: 'destructive' });
  }, [failed]);

  const saveVessels = useAdminUserCall(adminCalls.setVessels);
  const saveFleets = useAdminUserCall(adminCalls.setFleets);
  const saving = saveVessels.isPending || saveFleets.isPending;

  const shown = useMemo(() => {
    const needle = filter.trim().toLowerCase();
    return (vessels.data ?? []).filter((v) => !needle || `${v.vesselName} ${v.imoNumber} ${v.fleet ?? ''}`.toLowerCase().includes(needle));
  }, [vessels.data, filter]);

  const toggle = (set: Set<string>, value: string, update: (s: Set<string>) => void) => {
    const next = new Set(set);
    if (next.has(value)) next.delete(value);
    else next.add(value);
    update(next);
  };

  const save = async () => {
    try {
      await saveFleets.mutateAsync({ id, fleets: [...fleetNames] });
    } catch (error) {
      notifyError(error, 'Failed to update fleet assignments');
      return;
    }
    try {
      await saveVessels.mutateAsync({ id, vesselIds: [...vesselIds] });
    } catch (error) {
      notifyError(error, 'Failed to update vessel assignments');
      return;
    }
    notifySuccess(`Assignments of ${user ? displayName(user) : 'the user'} saved`);
    onClose();
  };

  const loading = vessels.isLoading || fleets.isLoading || assignedVessels.isLoading || assignedFleets.isLoading;
  return (
    <Dialog
      open={open}
      onClose={onClose}
      busy={saving}
      size="lg"
      title={`Assignments: ${user ? displayName(user) : ''}`}
      description="A fleet gives every vessel in it, now and later; single vessels add to that."
      testId="assignments-dialog"
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button onClick={() => void save()} disabled={saving || loading || failed}>
            {saving ? 'Saving...' : 'Save Assignments'}
          </Button>
        </>
      }
    >
      {loading ? (
        <LoadingState>Loading assignments...</LoadingState>
      ) : (
        <div className="assignments">
          <fieldset className="assignments__group" data-testid="fleet-assignments">
            <legend>Fleets ({fleetNames.size} selected)</legend>
            {(fleets.data ?? []).length === 0 && <p className="text-muted">No fleets yet.</p>}
            {(fleets.data ?? []).map((fleet) => (
              <label key={fleet} className="assignments__option">
                <input type="checkbox" checked={fleetNames.has(fleet)} onChange={() => toggle(fleetNames, fleet, setFleetNames)} />
                {fleet}
              </label>
            ))}
          </fieldset>
          <fieldset className="assignments__group" data-testid="vessel-assignments">
            <legend>Vessels ({vesselIds.size} selected)</legend>
            <input
              type="search"
              placeholder="Filter vessels by name, IMO or fleet"
              aria-label="Filter vessels"
              value={filter}
              onChange={(e) => setFilter(e.target.value)}
            />
            <div className="assignments__list">
              {shown.map((vessel) => (
                <label key={vessel.id} className="assignments__option">
                  <input type="checkbox" checked={vesselIds.has(vessel.id)} onChange={() => toggle(vesselIds, vessel.id, setVesselIds)} />
                  {vessel.vesselName} <span className="text-muted">{vessel.fleet ?? ''}</span>
                </label>
              ))}
            </div>
          </fieldset>
        </div>
      )}
    </Dialog>
  );
}

import { useMemo, useState } from 'react';
import { vesselStatusOfRows } from '@medchest/domain';
import { Button } from '../../components/ui/Button';
import { EmptyState, ErrorState, LoadingState } from '../../components/ui/StateMessage';
import { BoxIcon, PlusIcon } from '../../components/ui/icons';
import { serverMessage } from '../../lib/api';
import { InventoryItemsTable } from './InventoryItemsTable';
import { RequirementNotes } from './RequirementNotes';
import { InventoryToolbar } from './InventoryToolbar';
import { batchesByItem, filterRows, itemFilterCounts, matchesItemFilter, type ItemFilter } from '../../lib/inventoryView';
import { useInventoryBatches, useVolumeRequirements } from '../../lib/useInventory';

/**
 * Current Inventory (spec 000 §2): the vessel's scale items with required and counted quantities
 * and a status; a row opens its batches, whose quantity can be edited in place. With `asOf` the
 * requirements are the chest as it stood that day and nothing can be edited.
 * Its parts: InventoryToolbar (search, filters), InventoryItemsTable (items), BatchList and BatchRow.
 */
export function CurrentInventoryTab({
  vesselId,
  asOf,
  onAddFirstItem,
}: {
  vesselId: string;
  asOf?: string;
  onAddFirstItem: () => void;
}) {
  const requirements = useVolumeRequirements(vesselId, asOf);
  const batches = useInventoryBatches(vesselId);
  const [search, setSearch] = useState('');
  const [filter, setFilter] = useState<ItemFilter>('all');
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const byItem = useMemo(() => batchesByItem(batches.data ?? []), [batches.data]);
  const rows = useMemo(
    () => filterRows(requirements.data ?? [], search).filter((row) => matchesItemFilter(row, filter)),
    [requirements.data, search, filter],
  );
  const counts = useMemo(() => itemFilterCounts(requirements.data ?? []), [requirements.data]);
  const chestStatus = useMemo(() => vesselStatusOfRows(requirements.data ?? []), [requirements.data]);

  const toggle = (scaleId: string) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(scaleId)) next.delete(scaleId);
      else next.add(scaleId);
      return next;
    });

  let content;
  if (requirements.isLoading) {
    content = <LoadingState testId="inventory-loading">Loading inventory...</LoadingState>;
  } else if (requirements.isError) {
    content = (
      <ErrorState testId="inventory-error">{serverMessage(requirements.error) ?? 'Failed to load inventory'}</ErrorState>
    );
  } else if ((requirements.data ?? []).length === 0) {
    content = (
      <EmptyState
        icon={<BoxIcon size={32} />}
        title="No inventory items"
        testId="inventory-empty"
        action={
          asOf ? undefined : (
            <Button icon={<PlusIcon size={16} />} onClick={onAddFirstItem}>
              Add First Item
            </Button>
          )
        }
      >
        {asOf ? 'Nothing was listed for this vessel on that day.' : 'No scale items are listed for this vessel yet.'}
      </EmptyState>
    );
  } else if (rows.length === 0) {
    content = (
      <EmptyState title="No items match your search" testId="inventory-no-match">
        {filter === 'all' ? 'Try another scale id or description.' : 'Try another filter, scale id or description.'}
      </EmptyState>
    );
  } else {
    content = (
      <>
        <InventoryItemsTable
          vesselId={vesselId}
          rows={rows}
          batches={{ byItem, isLoading: batches.isLoading, isError: batches.isError, error: batches.error }}
          expanded={expanded}
          onToggle={toggle}
          readOnly={asOf !== undefined}
        />
        <RequirementNotes rows={rows} />
      </>
    );
  }

  return (
    <div className="card">
      <InventoryToolbar
        search={search}
        onSearch={setSearch}
        shown={rows.length}
        total={requirements.data?.length}
        chestStatus={chestStatus}
        filter={filter}
        onFilter={setFilter}
        counts={counts}
      />
      {content}
    </div>
  );
}

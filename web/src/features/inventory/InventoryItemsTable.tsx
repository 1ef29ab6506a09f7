import { Fragment } from 'react';
import { Badge } from '../../components/ui/Badge';
import { serverMessage } from '../../lib/api';
import { BatchList } from './BatchList';
import { statusBadge } from '../../lib/inventoryView';
import { RequiredQuantity } from './RequirementNotes';
import type { BatchAnswer, VolumeRequirementRow } from '@medchest/domain';

/** The batches query as the table needs it: by item (lower-cased scale id), with its loading state. */
export interface ItemBatches {
  byItem: ReadonlyMap<string, readonly BatchAnswer[]>;
  isLoading: boolean;
  error: unknown;
  isError: boolean;
}

/** The scale items with required and counted quantities and a status; a row opens its batches. */
export function InventoryItemsTable({
  vesselId,
  rows,
  batches,
  expanded,
  onToggle,
  readOnly,
}: {
  vesselId: string;
  rows: readonly VolumeRequirementRow[];
  batches: ItemBatches;
  expanded: ReadonlySet<string>;
  onToggle: (scaleId: string) => void;
  readOnly: boolean;
}) {
  return (
    <div className="table-wrap">
      <table className="table table--cards inventory-table" data-testid="inventory-table">
        <thead>
          <tr>
            <th scope="col">Scale ID</th>
            <th scope="col">Description</th>
            <th scope="col" className="num">
              Required
            </th>
            <th scope="col" className="num">
              On Board
            </th>
            <th scope="col">Status</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const open = expanded.has(row.scaleId);
            const panelId = `batches-${row.scaleId}`;
            return (
              <Fragment key={row.scaleId}>
                <ItemRow row={row} open={open} panelId={panelId} onToggle={onToggle} />
                {open && (
                  <tr className="batches-row" id={panelId}>
                    <td colSpan={5}>
                      <BatchList
                        vesselId={vesselId}
                        row={row}
                        batches={batches.byItem.get(row.scaleId.toLowerCase()) ?? []}
                        loading={batches.isLoading}
                        error={batches.isError ? (serverMessage(batches.error) ?? 'Failed to load batches') : undefined}
                        readOnly={readOnly}
                      />
                    </td>
                  </tr>
                )}
              </Fragment>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** One item: clicking the row (or its button, for the keyboard) opens or closes its batches. */
function ItemRow({ row, open, panelId, onToggle }: { row: VolumeRequirementRow; open: boolean; panelId: string; onToggle: (scaleId: string) => void }) {
  const badge = statusBadge(row.complianceStatus);
  return (
    <tr
      className={`inventory-row${open ? ' inventory-row--open' : ''}`}
      data-testid="inventory-row"
      data-scale-id={row.scaleId}
      onClick={() => onToggle(row.scaleId)}
    >
      <td className="mono nowrap card-title">
        <button
          type="button"
          className="expand-button"
          aria-expanded={open}
          aria-controls={open ? panelId : undefined}
          aria-label={`Batches of ${row.scaleId}`}
          onClick={(e) => {
            e.stopPropagation();
            onToggle(row.scaleId);
          }}
        >
          <span className="expand-button__chevron" aria-hidden="true">
            {open ? '▾' : '▸'}
          </span>
          {row.scaleId}
        </button>
      </td>
      <td data-label="Description">{row.scaleDescription}</td>
      <td className="num nowrap" data-testid="required" data-label="Required">
        <RequiredQuantity row={row} />
      </td>
      <td className="num" data-testid="on-board" data-label="On Board">
        {row.actualQuantity}
      </td>
      <td data-label="Status">
        <span className="status-cell">
          <Badge tone={badge.tone} testId="item-status">
            {badge.label}
          </Badge>
          {row.expiringSoon && (
            <Badge tone="warning" testId="item-expiring">
              Expiring soon
            </Badge>
          )}
        </span>
      </td>
    </tr>
  );
}

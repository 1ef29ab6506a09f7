import { toneOf, VESSEL_STATUS_TONES } from '@medchest/domain';
import type { VesselStatus } from '@medchest/domain';
import { Badge } from '../../components/ui/Badge';
import { ITEM_FILTERS, type ItemFilter } from '../../lib/inventoryView';

/** Above the items: the search, how many items show, the chest's status and the status filters. */
export function InventoryToolbar({
  search,
  onSearch,
  shown,
  total,
  chestStatus,
  filter,
  onFilter,
  counts,
}: {
  search: string;
  onSearch: (value: string) => void;
  shown: number;
  /** undefined while the items load. */
  total: number | undefined;
  chestStatus: VesselStatus;
  filter: ItemFilter;
  onFilter: (filter: ItemFilter) => void;
  counts: Record<ItemFilter, number>;
}) {
  return (
    <div className="inventory-toolbar">
      <label htmlFor="inventory-search" className="visually-hidden">
        Search items
      </label>
      <input
        id="inventory-search"
        type="search"
        className="search-input"
        placeholder="Search items..."
        value={search}
        onChange={(e) => onSearch(e.target.value)}
        data-testid="inventory-search"
      />
      {total !== undefined && (
        <span className="text-muted inventory-count" data-testid="inventory-count">
          {shown} of {total} items
        </span>
      )}
      {total !== undefined && total > 0 && (
        <span className="inventory-filters">
          <span className="inventory-filters__status">
            <span className="inventory-filters__label">Chest status</span>
            <Badge tone={toneOf(VESSEL_STATUS_TONES, chestStatus)} testId="chest-status">
              {chestStatus}
            </Badge>
          </span>
          <span className="inventory-filters__chips" role="group" aria-label="Show items">
            {ITEM_FILTERS.map(({ id, label }) => (
              <button
                key={id}
                type="button"
                className="filter-chip"
                aria-pressed={filter === id}
                onClick={() => onFilter(id)}
                data-testid={`item-filter-${id}`}
              >
                {label} <span className="filter-chip__count">{counts[id]}</span>
              </button>
            ))}
          </span>
        </span>
      )}
    </div>
  );
}

import { useCanEditFleet } from '../../lib/auth';
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { contractEndTone, flagStateLabel, vesselTypeLabel } from '@medchest/domain';
import { Button, ButtonLink } from '../../components/ui/Button';
import { FilterSelect } from '../../components/ui/FilterSelect';
import { PageHeader } from '../../components/ui/PageHeader';
import { EmptyState, ErrorState, LoadingState } from '../../components/ui/StateMessage';
import { PlusIcon, ShipIcon } from '../../components/ui/icons';
import { TableScroll } from '../../components/ui/TableScroll';
import { serverMessage } from '../../lib/api';
import { formatDate } from '../../lib/dates';
import { NOT_SET } from '../../lib/texts';
import { ALL, useOptionFilter } from './filters';
import type { Vessel } from '@medchest/domain';
import { useVessels } from '../../lib/useVessels';
import { AddVesselModal, EditVesselModal } from './VesselFormModal';
import { CONTRACT_END_CLASS, distinctValues, vesselSuggestions } from '../../lib/vesselOptions';
import {
  DEFAULT_VESSEL_SORT,
  matchesVesselSearch,
  nextSort,
  pageOf,
  sortVessels,
  VESSEL_SORT_COLUMNS,
  type VesselSort,
  type VesselSortKey,
} from './vesselList';
import './vessels.css';

/** A column header that sorts the list; aria-sort says how it is sorted now. */
function SortHeader({ column, sort, onSort, className }: { column: VesselSortKey; sort: VesselSort; onSort: (key: VesselSortKey) => void; className?: string }) {
  const label = VESSEL_SORT_COLUMNS.find((c) => c.key === column)?.label ?? column;
  const active = sort.key === column;
  return (
    <th scope="col" className={className} aria-sort={active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : undefined}>
      {/* The arrow is drawn by CSS from aria-sort, so the header's text stays its name. */}
      <button type="button" className="sort-button" onClick={() => onSort(column)}>
        {label}
      </button>
    </th>
  );
}

/**
 * /vessels: the fleet's vessels (spec 000 §2), filtered by fleet, company and type, with a search,
 * every column sortable and pages of 50, so a fleet of 500 stays usable. Below 640 px each vessel
 * is a card.
 */
export function VesselsPage() {
  const vessels = useVessels();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<Vessel | null>(null);
  const today = useMemo(() => new Date(), []);

  const all = useMemo(() => vessels.data ?? [], [vessels.data]);
  const suggestions = useMemo(() => vesselSuggestions(all), [all]);
  const { fleets, companies } = suggestions;
  const types = useMemo(() => distinctValues(all, (v) => v.vesselType), [all]);
  // Options are the values present in the list; a choice that disappears from it becomes 'all'.
  const loaded = vessels.data !== undefined;
  const [fleet, setFleet] = useOptionFilter(fleets, loaded);
  const [company, setCompany] = useOptionFilter(companies, loaded);
  const [type, setType] = useOptionFilter(types, loaded);
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<VesselSort>(DEFAULT_VESSEL_SORT);
  const [pageNumber, setPageNumber] = useState(1);
  const shown = all.filter(
    (v) =>
      (fleet === ALL || v.fleet === fleet) &&
      (company === ALL || v.ownershipCompany === company) &&
      (type === ALL || v.vesselType === type) &&
      matchesVesselSearch(v, search),
  );
  const page = pageOf(sortVessels(shown, sort), pageNumber);
  // A new filter, search or sort starts again from the first page.
  useEffect(() => setPageNumber(1), [fleet, company, type, search, sort]);
  const onSort = (key: VesselSortKey) => setSort((current) => nextSort(current, key));
  const canEdit = useCanEditFleet();
  const addButton = canEdit ? (
    <Button icon={<PlusIcon size={16} />} onClick={() => setAdding(true)}>
      Add Vessel
    </Button>
  ) : undefined;

  let content;
  if (vessels.isLoading) {
    content = <LoadingState>Loading vessels...</LoadingState>;
  } else if (vessels.isError) {
    content = <ErrorState>{serverMessage(vessels.error) ?? 'Failed to load vessels'}</ErrorState>;
  } else if (shown.length === 0) {
    content = (
      <EmptyState
        icon={<ShipIcon size={32} />}
        title={fleet !== ALL ? `No vessels found in ${fleet}` : 'No vessels found'}
        testId="vessels-empty"
        action={addButton}
      >
        {all.length > 0
          ? search.trim()
            ? `No vessel matches "${search.trim()}". Try another search or filter, or add a vessel.`
            : 'Try another filter, or add a vessel.'
          : 'Add your first vessel to start tracking its medical chest.'}
      </EmptyState>
    );
  } else {
    content = (
      <>
      <TableScroll label="Vessels">
        <table className="table table--cards" data-testid="vessels-table">
          <thead>
            <tr>
              <SortHeader column="vesselName" sort={sort} onSort={onSort} />
              <SortHeader column="imoNumber" sort={sort} onSort={onSort} />
              <SortHeader column="fleet" sort={sort} onSort={onSort} />
              <SortHeader column="flagState" sort={sort} onSort={onSort} />
              <SortHeader column="crewSizeCategory" sort={sort} onSort={onSort} className="num" />
              <SortHeader column="contractEndDate" sort={sort} onSort={onSort} />
              <th scope="col" className="actions-col">
                Actions
              </th>
            </tr>
          </thead>
          <tbody>
            {page.rows.map((vessel) => {
              const tone = contractEndTone(vessel.contractEndDate, today);
              return (
                <tr key={vessel.id} data-testid="vessel-row">
                  <td className="name-cell card-title">
                    <Link to={`/vessels/${vessel.id}`} className="strong-link">
                      {vessel.vesselName}
                    </Link>
                    {vessel.vesselType && <div className="cell-sub">{vesselTypeLabel(vessel.vesselType)}</div>}
                  </td>
                  <td className="mono nowrap" data-label="IMO Number">
                    {vessel.imoNumber}
                  </td>
                  <td data-label="Fleet">{vessel.fleet || <span className="text-muted">—</span>}</td>
                  <td data-label="Flag State">{flagStateLabel(vessel.flagState)}</td>
                  <td className="num" data-label="Crew Size">
                    {vessel.crewSizeCategory}
                  </td>
                  <td
                    className={`nowrap ${CONTRACT_END_CLASS[tone]}`}
                    data-tone={tone}
                    data-testid="contract-end"
                    data-label="Contract End"
                  >
                    {formatDate(vessel.contractEndDate) ?? NOT_SET}
                  </td>
                  <td className="actions-col">
                    <div className="row-actions row-actions--table">
                      <Button
                        variant="ghost"
                        size="sm"
                        onClick={() => setEditing(vessel)}
                        aria-label={`Edit ${vessel.vesselName}`}
                      >
                        Edit
                      </Button>
                      <ButtonLink
                        to={`/vessels/${vessel.id}`}
                        variant="ghost"
                        size="sm"
                        aria-label={`Manage ${vessel.vesselName}`}
                      >
                        Manage
                      </ButtonLink>
                      <ButtonLink
                        to={`/inventory/${vessel.id}`}
                        variant="ghost"
                        size="sm"
                        aria-label={`Inventory of ${vessel.vesselName}`}
                      >
                        Inventory
                      </ButtonLink>
                    </div>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </TableScroll>
      {page.pageCount > 1 && (
        <nav className="pager" aria-label="Vessel pages" data-testid="vessels-pager">
          <span data-testid="vessels-range">
            {page.first}–{page.last} of {shown.length}
          </span>
          <span className="pager__buttons">
            <Button variant="secondary" size="sm" disabled={page.page <= 1} onClick={() => setPageNumber(page.page - 1)}>
              Previous
            </Button>
            <span>
              Page {page.page} of {page.pageCount}
            </span>
            <Button variant="secondary" size="sm" disabled={page.page >= page.pageCount} onClick={() => setPageNumber(page.page + 1)}>
              Next
            </Button>
          </span>
        </nav>
      )}
      </>
    );
  }

  return (
    <div className="page">
      <PageHeader
        title="Fleet Vessels"
        subtitle={
          vessels.isLoading ? undefined : (
            <span data-testid="vessel-count">
              {shown.length} {shown.length === 1 ? 'vessel' : 'vessels'}
            </span>
          )
        }
        actions={addButton}
      />
      <div className="card">
        <div className="filters" role="group" aria-label="Filter vessels">
          <div className="filter">
            <label htmlFor="vessel-search" className="filter__label">
              Search
            </label>
            <input
              id="vessel-search"
              type="search"
              className="filter__search"
              placeholder="Name, IMO, fleet, company..."
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              data-testid="vessel-search"
            />
          </div>
          <FilterSelect
            id="filter-fleet"
            label="Fleet"
            allLabel="All fleets"
            value={fleet}
            onChange={setFleet}
            options={fleets.map((f) => ({ value: f, label: f }))}
          />
          <FilterSelect
            id="filter-company"
            label="Company"
            allLabel="All companies"
            value={company}
            onChange={setCompany}
            options={companies.map((c) => ({ value: c, label: c }))}
          />
          <FilterSelect
            id="filter-type"
            label="Vessel Type"
            allLabel="All types"
            value={type}
            onChange={setType}
            options={types.map((t) => ({ value: t, label: vesselTypeLabel(t) }))}
          />
          <div className="filter sort-select">
            <label htmlFor="vessel-sort" className="filter__label">
              Sort by
            </label>
            <select
              id="vessel-sort"
              value={`${sort.key}:${sort.direction}`}
              onChange={(e) => {
                const [key, direction] = e.target.value.split(':') as [VesselSortKey, VesselSort['direction']];
                setSort({ key, direction });
              }}
            >
              {VESSEL_SORT_COLUMNS.flatMap(({ key, label }) => [
                <option key={`${key}:asc`} value={`${key}:asc`}>
                  {label} (ascending)
                </option>,
                <option key={`${key}:desc`} value={`${key}:desc`}>
                  {label} (descending)
                </option>,
              ])}
            </select>
          </div>
        </div>
        {content}
      </div>
      <AddVesselModal open={adding} onClose={() => setAdding(false)} suggestions={suggestions} />
      <EditVesselModal vessel={editing} onClose={() => setEditing(null)} suggestions={suggestions} />
    </div>
  );
}

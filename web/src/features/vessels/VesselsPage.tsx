import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { contractEndTone, flagStateLabel, vesselTypeLabel } from '@medchest/domain';
import { Button, ButtonLink } from '../../components/ui/Button';
import { FilterSelect } from '../../components/ui/FilterSelect';
import { PageHeader } from '../../components/ui/PageHeader';
import { EmptyState, ErrorState, LoadingState } from '../../components/ui/StateMessage';
import { PlusIcon, ShipIcon } from '../../components/ui/icons';
import { serverMessage } from '../../lib/api';
import { formatDate } from '../../lib/dates';
import { NOT_SET } from '../../lib/texts';
import { ALL, useOptionFilter } from './filters';
import type { Vessel } from './types';
import { useVessels } from './useVessels';
import { AddVesselModal, EditVesselModal } from './VesselFormModal';
import { CONTRACT_END_CLASS, distinctValues, vesselSuggestions } from './vesselOptions';
import './vessels.css';

/** /vessels: the fleet's vessels, filtered by fleet, company and type (spec 000 §2). */
export function VesselsPage() {
  const vessels = useVessels();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<Vessel | null>(null);
  const today = useMemo(() => new Date(), []);

  const all = vessels.data ?? [];
  const suggestions = useMemo(() => vesselSuggestions(all), [all]);
  const { fleets, companies } = suggestions;
  const types = useMemo(() => distinctValues(all, (v) => v.vesselType), [all]);
  // Options are the values present in the list; a choice that disappears from it becomes 'all'.
  const loaded = vessels.data !== undefined;
  const [fleet, setFleet] = useOptionFilter(fleets, loaded);
  const [company, setCompany] = useOptionFilter(companies, loaded);
  const [type, setType] = useOptionFilter(types, loaded);
  const shown = all.filter(
    (v) =>
      (fleet === ALL || v.fleet === fleet) &&
      (company === ALL || v.ownershipCompany === company) &&
      (type === ALL || v.vesselType === type),
  );
  const addButton = (
    <Button icon={<PlusIcon size={16} />} onClick={() => setAdding(true)}>
      Add Vessel
    </Button>
  );

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
        {all.length > 0 ? 'Try another filter, or add a vessel.' : 'Add your first vessel to start tracking its medical chest.'}
      </EmptyState>
    );
  } else {
    content = (
      <div className="table-wrap">
        <table className="table" data-testid="vessels-table">
          <thead>
            <tr>
              <th scope="col">Vessel Name</th>
              <th scope="col">IMO Number</th>
              <th scope="col">Fleet</th>
              <th scope="col">Flag State</th>
              <th scope="col" className="num">
                Crew Size
              </th>
              <th scope="col">Contract End</th>
              <th scope="col" className="actions-col">
                Actions
              </th>
            </tr>
          </thead>
          <tbody>
            {shown.map((vessel) => {
              const tone = contractEndTone(vessel.contractEndDate, today);
              return (
                <tr key={vessel.id} data-testid="vessel-row">
                  <td className="name-cell">
                    <Link to={`/vessels/${vessel.id}`} className="strong-link">
                      {vessel.vesselName}
                    </Link>
                    {vessel.vesselType && <div className="cell-sub">{vesselTypeLabel(vessel.vesselType)}</div>}
                  </td>
                  <td className="mono nowrap">{vessel.imoNumber}</td>
                  <td>{vessel.fleet || <span className="text-muted">—</span>}</td>
                  <td>{flagStateLabel(vessel.flagState)}</td>
                  <td className="num">{vessel.crewSizeCategory}</td>
                  <td className={`nowrap ${CONTRACT_END_CLASS[tone]}`} data-tone={tone} data-testid="contract-end">
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
      </div>
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
        </div>
        {content}
      </div>
      <AddVesselModal open={adding} onClose={() => setAdding(false)} suggestions={suggestions} />
      <EditVesselModal vessel={editing} onClose={() => setEditing(null)} suggestions={suggestions} />
    </div>
  );
}

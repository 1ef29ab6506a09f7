import { vesselStatusOfRows, toneOf, VESSEL_STATUS_TONES } from '@medchest/domain';
import { Badge } from './ui/Badge';
import { ButtonLink } from './ui/Button';
import { Card } from './ui/Card';
import { ErrorState, LoadingState } from './ui/StateMessage';
import { BoxIcon } from './ui/icons';
import { serverMessage } from '../lib/api';
import { itemFilterCounts } from '../lib/inventoryView';
import { useVolumeRequirements } from '../lib/useInventory';
import './chestSummary.css';

/**
 * The medical chest at a glance on the vessel's page: its status and what makes it so (items with
 * nothing on board, items short, items whose stock expires within 60 days), with the way to the
 * inventory. Read off the same volume requirements the inventory page shows.
 */
export function ChestSummaryCard({ vesselId }: { vesselId: string }) {
  const requirements = useVolumeRequirements(vesselId);
  let body;
  if (requirements.isLoading) body = <LoadingState testId="chest-summary-loading">Loading medical chest...</LoadingState>;
  else if (requirements.isError)
    body = <ErrorState testId="chest-summary-error">{serverMessage(requirements.error) ?? 'Failed to load the medical chest'}</ErrorState>;
  else {
    const rows = requirements.data ?? [];
    const status = vesselStatusOfRows(rows);
    const counts = itemFilterCounts(rows);
    body = (
      <div className="chest-summary">
        <Badge tone={toneOf(VESSEL_STATUS_TONES, status)} testId="chest-summary-status">
          {status}
        </Badge>
        <dl className="chest-summary__counts">
          <div>
            <dt>Critical items</dt>
            <dd data-testid="chest-summary-critical">{counts.critical}</dd>
          </div>
          <div>
            <dt>Low stock</dt>
            <dd data-testid="chest-summary-low">{counts.low_stock}</dd>
          </div>
          <div>
            <dt>Expiring within 60 days</dt>
            <dd data-testid="chest-summary-expiring">{counts.expiring}</dd>
          </div>
        </dl>
      </div>
    );
  }
  return (
    <Card
      title="Medical Chest"
      id="chest-summary"
      testId="chest-summary"
      description="Today's stock against the required quantities."
      actions={
        <ButtonLink to={`/inventory/${vesselId}`} variant="secondary" size="sm" icon={<BoxIcon size={14} />}>
          View Items
        </ButtonLink>
      }
    >
      {body}
    </Card>
  );
}

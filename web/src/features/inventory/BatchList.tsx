import { ErrorState, LoadingState } from '../../components/ui/StateMessage';
import { BatchRow } from './BatchRow';
import type { BatchAnswer, VolumeRequirementRow } from '@medchest/domain';

/** The batches of one item, under its row: loading, failed, none on board, or the list. */
export function BatchList({
  vesselId,
  row,
  batches,
  loading,
  error,
  readOnly,
}: {
  vesselId: string;
  row: VolumeRequirementRow;
  batches: readonly BatchAnswer[];
  loading: boolean;
  error?: string;
  readOnly: boolean;
}) {
  if (loading) return <LoadingState>Loading batches...</LoadingState>;
  if (error) return <ErrorState>{error}</ErrorState>;
  return (
    <div className="batches" data-testid="inventory-batches" data-scale-id={row.scaleId}>
      {readOnly && (
        <p className="batches__note text-muted" data-testid="batches-today-note">
          Batches as they are on board today; quantities cannot be edited while viewing a past date.
        </p>
      )}
      {batches.length === 0 ? (
        <p className="batches__empty" data-testid="no-stock">
          No stock on board for this item
        </p>
      ) : (
        <table className="table batches__table">
          <thead>
            <tr>
              <th scope="col">Batch</th>
              <th scope="col">Product Name</th>
              <th scope="col" className="num">
                Quantity
              </th>
              <th scope="col">Expiry Date</th>
              <th scope="col">Condition</th>
            </tr>
          </thead>
          <tbody>
            {batches.map((batch) => (
              <BatchRow key={batch.id} vesselId={vesselId} batch={batch} readOnly={readOnly} />
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}


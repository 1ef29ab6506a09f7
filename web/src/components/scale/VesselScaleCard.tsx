import { Link } from 'react-router-dom';
import { useState } from 'react';
import { VESSEL_SCALE_ASSIGN_FAILED, VESSEL_SCALE_ASSIGNED_TOAST } from '@medchest/domain';
import { Badge } from '../ui/Badge';
import { Button } from '../ui/Button';
import { Card } from '../ui/Card';
import { ConfirmDialog } from '../ui/Dialog';
import { Field, fieldProps } from '../ui/Field';
import { ErrorState, LoadingState } from '../ui/StateMessage';
import { serverFieldErrors, serverMessage } from '../../lib/api';
import { formatDate } from '../../lib/dates';
import { notifyError, notifySuccess } from '../../lib/notify';
import { isShippedScale, scaleOptionLabel } from '../../lib/scaleView';
import { useAssignVesselScale, useScales, useVesselScale } from '../../lib/useScales';
import './scales.css';

/**
 * The vessel page's "Medical scale" card: the scale the vessel's required quantities follow, with
 * its source, and a choice of another. Changing it asks first: every requirement of the vessel
 * changes from today (earlier days keep the scale then in force).
 */
export function VesselScaleCard({ vesselId, vesselName }: { vesselId: string; vesselName: string }) {
  const current = useVesselScale(vesselId);
  const scales = useScales();
  const assign = useAssignVesselScale(vesselId);
  const [picked, setPicked] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [fieldError, setFieldError] = useState<string | undefined>();

  let body;
  if (current.isLoading) body = <LoadingState testId="vessel-scale-loading">Loading scale...</LoadingState>;
  else if (current.isError || !current.data)
    body = <ErrorState testId="vessel-scale-error">{serverMessage(current.error) ?? 'Failed to load the medical scale'}</ErrorState>;
  else {
    const scale = current.data;
    const selected = picked ?? scale.id;
    const target = scales.data?.find((s) => s.id === selected);
    const changed = selected !== scale.id;
    body = (
      <>
        <p className="vessel-scale__name" data-testid="vessel-scale-name">
          {scale.name} {isShippedScale(scale) && <Badge tone="navy">Shipped</Badge>}
        </p>
        <p className="vessel-scale__meta text-muted">
          <span data-testid="vessel-scale-source">{scale.source}</span>
          <Link to={`/scales/${encodeURIComponent(scale.id)}`} className="scale-link">
            Sources and confidence
          </Link>
        </p>
        <p className="vessel-scale__meta text-muted">Effective {formatDate(scale.effectiveDate)}</p>

        <div className="vessel-scale__change">
          <Field id="vessel-scale-select" label="Assign another scale" error={fieldError}>
            {scales.isError ? (
              <ErrorState testId="vessel-scale-list-error">{serverMessage(scales.error) ?? 'Failed to load scales'}</ErrorState>
            ) : (
              <select
                {...fieldProps('vessel-scale-select', fieldError)}
                value={selected}
                disabled={!scales.data || assign.isPending}
                onChange={(event) => {
                  setPicked(event.target.value);
                  setFieldError(undefined);
                }}
              >
                {!scales.data && <option value={scale.id}>Loading scales...</option>}
                {scales.data?.map((option) => (
                  <option key={option.id} value={option.id}>
                    {scaleOptionLabel(option)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Button onClick={() => setConfirming(true)} disabled={!changed || !target || assign.isPending}>
            Change Scale
          </Button>
        </div>

        <ConfirmDialog
          open={confirming && !!target}
          title={`Change the medical scale of ${vesselName}?`}
          description={
            target
              ? `From today, ${vesselName}'s required quantities follow ${target.name} (${target.itemCount ?? 'unknown number of'} items) instead of ${scale.name}. Views of earlier days keep the scale then in force.`
              : ''
          }
          confirmLabel="Change Scale"
          pendingLabel="Changing..."
          pending={assign.isPending}
          destructive={false}
          onCancel={() => setConfirming(false)}
          onConfirm={() =>
            target &&
            assign.mutate(target.id, {
              onSuccess: (now) => {
                setConfirming(false);
                setPicked(null);
                notifySuccess(`${vesselName} now follows ${now.name}`, VESSEL_SCALE_ASSIGNED_TOAST);
              },
              onError: (error) => {
                setConfirming(false);
                setFieldError(serverFieldErrors(error).scaleId);
                notifyError(error, VESSEL_SCALE_ASSIGN_FAILED);
              },
            })
          }
          testId="vessel-scale-dialog"
        />
      </>
    );
  }

  return (
    <Card title="Medical Scale" id="vessel-scale" testId="vessel-scale" description="The scale this vessel's required quantities follow.">
      {body}
    </Card>
  );
}

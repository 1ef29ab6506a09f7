import { useCanEditFleet } from '../../lib/auth';
import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { contractEndTone, flagStateLabel, medicalProfileOf, MEDICAL_CATEGORY_LABELS, vesselTypeLabel } from '@medchest/domain';
import { Badge } from '../../components/ui/Badge';
import { Button, ButtonLink } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { ConfirmDialog } from '../../components/ui/Dialog';
import { PageHeader } from '../../components/ui/PageHeader';
import { ArrowLeftIcon, BoxIcon, ClockIcon, EditIcon, FlagIcon, TrashIcon } from '../../components/ui/icons';
import { formatDate } from '../../lib/dates';
import { NOT_SPECIFIED } from '../../lib/texts';
import { notifyError, notifySuccess } from '../../lib/notify';
import { ChestSummaryCard } from '../../components/ChestSummaryCard';
import { VesselScaleCard } from '../../components/scale/VesselScaleCard';
import { useDeleteVessel, useVessel, useVessels } from '../../lib/useVessels';
import { CertificateCard } from '../../components/certificates/CertificateCard';
import { vesselQueryState } from '../../components/VesselQueryState';
import { CONTRACT_END_CLASS, vesselSuggestions } from '../../lib/vesselOptions';
import './vessels.css';

// The edit form (react-hook-form, the vessel schema) loads when it is first opened: the page paints
// without it (issue 14: at most 180 KB gzip before any page's first paint).
const EditVesselModal = lazy(() => import('./VesselFormModal').then((module) => ({ default: module.EditVesselModal })));

function Info({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children ?? <span className="text-muted">{NOT_SPECIFIED}</span>}</dd>
    </div>
  );
}

function BackButton() {
  return (
    <ButtonLink to="/vessels" variant="ghost" size="sm" icon={<ArrowLeftIcon size={16} />}>
      Back
    </ButtonLink>
  );
}

/** /vessels/{id}: one vessel, with edit and a confirmed delete (spec 000 §2). */
export function VesselDetailPage() {
  const { vesselId = '' } = useParams();
  const navigate = useNavigate();
  const vessel = useVessel(vesselId);
  const canEdit = useCanEditFleet();
  const vessels = useVessels();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const today = useMemo(() => new Date(), []);
  const remove = useDeleteVessel(vesselId, () => {
    setConfirming(false);
    notifySuccess('Vessel deleted successfully');
    navigate('/vessels', { replace: true, flushSync: true });
  });
  const suggestions = useMemo(() => vesselSuggestions(vessels.data ?? []), [vessels.data]);

  // Deleted: the page is on its way out (the list's screen may still be loading); its vessel is
  // gone on purpose, so it never says 'Vessel Not Found' meanwhile.
  if (remove.isSuccess) return null;
  const pending = vesselQueryState(vessel, <BackButton />);
  if (pending || !vessel.data) return pending;

  const v = vessel.data;
  const tone = contractEndTone(v.contractEndDate, today);
  const profile = medicalProfileOf(v);
  const yesNo = (value: boolean) => (value ? 'Yes' : 'No');
  return (
    <div className="page">
      <PageHeader
        before={<BackButton />}
        title={
          <span className="title-with-badge">
            {v.vesselName}
            <Badge tone="navy" testId="flag-badge">
              <FlagIcon size={13} /> {flagStateLabel(v.flagState)}
            </Badge>
          </span>
        }
        subtitle={`IMO ${v.imoNumber}${v.vesselType ? ` · ${vesselTypeLabel(v.vesselType)}` : ''}`}
        actions={
          <>
            {canEdit && (
              <Button variant="secondary" icon={<EditIcon size={16} />} onClick={() => setEditing(true)}>
                Edit Vessel
              </Button>
            )}
            <ButtonLink to={`/inventory/${v.id}`} variant="secondary" icon={<BoxIcon size={16} />}>
              Manage Inventory
            </ButtonLink>
            <ButtonLink to={`/vessels/${v.id}/history`} variant="secondary" icon={<ClockIcon size={16} />}>
              History
            </ButtonLink>
            {canEdit && (
              <Button variant="danger" icon={<TrashIcon size={16} />} onClick={() => setConfirming(true)}>
                Delete Vessel
              </Button>
            )}
          </>
        }
      />

      <Card title="Vessel Information" id="vessel-info" testId="vessel-info">
        <dl className="info-list info-list--grid">
          <Info label="Vessel Name">{v.vesselName}</Info>
          <Info label="IMO Number">
            <span className="mono">{v.imoNumber}</span>
          </Info>
          <Info label="Flag State">{flagStateLabel(v.flagState)}</Info>
          <Info label="Vessel Type">{v.vesselType ? vesselTypeLabel(v.vesselType) : null}</Info>
          <Info label="Crew Size">{v.crewSizeCategory}</Info>
          <Info label="Fleet">{v.fleet || null}</Info>
          <Info label="Ownership Company">{v.ownershipCompany || null}</Info>
          <Info label="Ownership Contact Email">
            {v.ownershipContactEmail ? <a href={`mailto:${v.ownershipContactEmail}`}>{v.ownershipContactEmail}</a> : null}
          </Info>
          <Info label="Contact Name">{v.contactName || null}</Info>
          <Info label="Contact Phone">{v.contactPhone || null}</Info>
          <Info label="Contact Email">
            {v.contactEmail ? <a href={`mailto:${v.contactEmail}`}>{v.contactEmail}</a> : null}
          </Info>
          <Info label="Onboarding Date">{formatDate(v.onboardingDate) ?? null}</Info>
          <Info label="Contract End Date">
            {v.contractEndDate ? <span className={CONTRACT_END_CLASS[tone]}>{formatDate(v.contractEndDate)}</span> : null}
          </Info>
          <Info label="Last Medical Review">{formatDate(v.lastMedicalReview) ?? null}</Info>
          <Info label="Medical Category">
            <span data-testid="info-medicalCategory">{MEDICAL_CATEGORY_LABELS[profile.category]}</span>
          </Info>
          <Info label="Women on Board">
            <span data-testid="info-womenOnBoard">{yesNo(profile.womenOnBoard)}</span>
          </Info>
          <Info label="Organophosphates / Dangerous Goods">
            <span data-testid="info-carriesDangerousGoods" title="Carries organophosphates or other dangerous goods">
              {yesNo(profile.carriesDangerousGoods)}
            </span>
          </Info>
        </dl>
      </Card>

      <CertificateCard vesselId={v.id} vesselName={v.vesselName} />

      <ChestSummaryCard vesselId={v.id} />

      <VesselScaleCard vesselId={v.id} vesselName={v.vesselName} />

      {editing ? (
        <Suspense fallback={null}>
          <EditVesselModal vessel={v} onClose={() => setEditing(false)} suggestions={suggestions} />
        </Suspense>
      ) : null}
      <ConfirmDialog
        open={confirming}
        title={`Delete ${v.vesselName}?`}
        description={`This action cannot be undone. ${v.vesselName} will be permanently removed from your fleet.`}
        confirmLabel="Delete Vessel"
        pendingLabel="Deleting..."
        pending={remove.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => remove.mutate(undefined, { onError: (error) => notifyError(error, 'Failed to delete vessel') })}
        testId="delete-vessel-dialog"
      />
    </div>
  );
}

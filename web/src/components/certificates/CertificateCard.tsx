import { useMemo, useState } from 'react';
import { CERTIFICATE_REMINDER_DAYS, CERTIFICATE_STATUS_LABELS, certificateStatus, daysUntil, CERTIFICATE_STATUS_TONES } from '@medchest/domain';
import { Badge } from '../ui/Badge';
import { Button } from '../ui/Button';
import { Card } from '../ui/Card';
import { EmptyState, ErrorState, LoadingState } from '../ui/StateMessage';
import { CertificateIcon, DownloadIcon } from '../ui/icons';
import { useCanEditFleet } from '../../lib/auth';
import { formatDate } from '../../lib/dates';
import { notifyError, notifySuccess } from '../../lib/notify';
import { downloadCertificate, useVesselCertificates } from './useCertificates';
import { UploadCertificateDialog } from './UploadCertificateDialog';
import './certificates.css';

/** Download with the spec's toasts: 'Download Started', or 'Download Failed' with the message. */
export function startDownload(url: string) {
  downloadCertificate(url).then(
    () => notifySuccess('Your certificate download has started', 'Download Started'),
    (error: unknown) => notifyError(error, 'Certificate Not Available: This vessel does not have a certificate uploaded yet', 'Download Failed'),
  );
}

const daysText = (days: number) => (days < 0 ? `Expired ${-days} ${-days === 1 ? 'day' : 'days'} ago` : `${days} ${days === 1 ? 'day' : 'days'} left`);

/**
 * The vessel page's certificate card (spec 000 §2): status with the detail view's 30-day threshold,
 * issuer, issue and expiry dates, days left, Download, Upload / Renew; and the earlier certificates.
 */
export function CertificateCard({ vesselId, vesselName }: { vesselId: string; vesselName: string }) {
  const certificates = useVesselCertificates(vesselId);
  const canEdit = useCanEditFleet();
  const [uploading, setUploading] = useState(false);
  const today = useMemo(() => new Date(), []);
  const [current, ...earlier] = certificates.data ?? [];
  const status = certificateStatus({ hasFile: current?.hasFile ?? false, expiryDate: current?.expiryDate }, today, CERTIFICATE_REMINDER_DAYS);

  let body;
  if (certificates.isLoading) body = <LoadingState>Loading certificate...</LoadingState>;
  else if (certificates.isError) body = <ErrorState>Failed to load the certificate</ErrorState>;
  else if (!current)
    body = (
      <EmptyState icon={<CertificateIcon size={28} />} title="No certificate uploaded" testId="certificate-empty">
        Upload the medical chest certificate so it can be shown at port state control.
      </EmptyState>
    );
  else
    body = (
      <>
        <dl className="info-list info-list--grid">
          <div>
            <dt>Status</dt>
            <dd>
              <Badge tone={CERTIFICATE_STATUS_TONES[status]} testId="certificate-status">
                {CERTIFICATE_STATUS_LABELS[status]}
              </Badge>
            </dd>
          </div>
          <div>
            <dt>Issuer</dt>
            <dd data-testid="certificate-issuer">{current.certificateIssuer}</dd>
          </div>
          <div>
            <dt>Issue Date</dt>
            <dd>{formatDate(current.issueDate) ?? <span className="text-muted">Not specified</span>}</dd>
          </div>
          <div>
            <dt>Expiry Date</dt>
            <dd data-testid="certificate-expiry">{formatDate(current.expiryDate)}</dd>
          </div>
          <div>
            <dt>Days Left</dt>
            <dd data-testid="certificate-days-left">{daysText(daysUntil(current.expiryDate, today))}</dd>
          </div>
          <div>
            <dt>File</dt>
            <dd className="certificate-file-name">{current.fileName ?? <span className="text-muted">No file on record</span>}</dd>
          </div>
        </dl>
        {earlier.length > 0 && (
          <details className="certificate-history" data-testid="certificate-history">
            <summary>Earlier certificates ({earlier.length})</summary>
            <ul>
              {earlier.map((c) => (
                <li key={c.id}>
                  <span>
                    {c.certificateIssuer}, expiry {formatDate(c.expiryDate)}
                  </span>
                  {c.downloadURL && (
                    <Button variant="ghost" size="sm" icon={<DownloadIcon size={14} />} onClick={() => startDownload(c.downloadURL!)}>
                      Download
                    </Button>
                  )}
                </li>
              ))}
            </ul>
          </details>
        )}
      </>
    );

  return (
    <Card
      title="Medical Chest Certificate"
      id="certificate"
      testId="certificate-card"
      actions={
        <>
          {current?.hasFile && (
            <Button variant="secondary" size="sm" icon={<DownloadIcon size={15} />} onClick={() => startDownload(`/api/vessels/${vesselId}/certificate/download`)}>
              Download
            </Button>
          )}
          {canEdit && (
            <Button size="sm" icon={<CertificateIcon size={15} />} onClick={() => setUploading(true)} data-testid="upload-certificate">
              {current ? 'Renew' : 'Upload'}
            </Button>
          )}
        </>
      }
    >
      {body}
      <UploadCertificateDialog
        open={uploading}
        onClose={() => setUploading(false)}
        vesselId={vesselId}
        vesselName={vesselName}
        defaultIssuer={current?.certificateIssuer}
      />
    </Card>
  );
}

import { CAPTAIN_CERTIFICATE_LABELS } from '@medchest/domain/captain/portal';
import { CAPTAIN_DASHBOARD_NO_VESSEL } from '@medchest/domain/user/captainTexts';
import { formatDate } from '../../lib/dates';
import { captainApi } from './captainApi';
import { CaptainLayout } from './CaptainLayout';
import { useLoad } from './useLoad';

/**
 * Captain certificate (spec 001 §2, §4): a status alert from the server's hasValidCertificate
 * (Expired or Expiring Soon when not valid), the expiry, Download, and an information card.
 * Upload is the fleet manager's (spec 001 §1).
 */
export function CertificatePage({ vesselId, onSignOut }: { vesselId: string | null; onSignOut: () => void }) {
  const vessel = useLoad(() => captainApi.vessel(), [vesselId]);
  const certificate = useLoad(() => captainApi.certificate(), [vesselId]);
  const data = certificate.data;
  return (
    <CaptainLayout vessel={vessel.data} onSignOut={onSignOut}>
      <h1 className="captain-title">Medical Chest Certificate</h1>
      {!vesselId || certificate.error ? (
        <p className="captain-error" role="alert">
          {CAPTAIN_DASHBOARD_NO_VESSEL}
        </p>
      ) : !data ? (
        <p className="muted">Loading...</p>
      ) : (
        <>
          {!data.hasValidCertificate && (
            <div className={`captain-alert captain-alert--${data.status}`} role="alert" data-testid="certificate-alert">
              <strong>{data.status === 'none' ? 'No certificate on record' : CAPTAIN_CERTIFICATE_LABELS[data.status]}</strong>
              <span>
                {data.status === 'expired'
                  ? 'The medical chest certificate has expired. Contact your fleet manager to renew it.'
                  : data.status === 'expiring_soon'
                    ? 'The medical chest certificate expires within 30 days. Contact your fleet manager to renew it.'
                    : 'Your fleet manager has not recorded a certificate for this vessel yet.'}
              </span>
            </div>
          )}
          <section className="captain-card">
            <dl className="captain-facts">
              <dt>Status</dt>
              <dd>{CAPTAIN_CERTIFICATE_LABELS[data.status]}</dd>
              <dt>Expiry date</dt>
              <dd data-testid="certificate-expiry">{formatDate(data.certificateExpiry) ?? 'Not specified'}</dd>
              <dt>Issuer</dt>
              <dd>{data.certificateIssuer ?? 'Not specified'}</dd>
            </dl>
            {data.certificatePath ? (
              <a className="btn btn--primary btn--md captain-touch captain-wide" href={data.certificatePath} target="_blank" rel="noopener">
                Download
              </a>
            ) : (
              <p className="muted">No certificate file to download.</p>
            )}
          </section>
          <section className="captain-card">
            <h2>About the certificate</h2>
            <p>
              The medical chest certificate shows that the vessel's medical stores were inspected against the required scale. Keep a
              copy on board for port state control. Certificates are uploaded by your fleet manager; tell them when the chest has been
              inspected again.
            </p>
          </section>
        </>
      )}
    </CaptainLayout>
  );
}

import { CERTIFICATE_STATUS_TONES, isoToday } from '@medchest/domain';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Badge } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { PageHeader } from '../../components/ui/PageHeader';
import { EmptyState, ErrorState, LoadingState } from '../../components/ui/StateMessage';
import { TableScroll } from '../../components/ui/TableScroll';
import { CertificateIcon, DownloadIcon } from '../../components/ui/icons';
import { useCanEditFleet } from '../../lib/auth';
import { formatDate } from '../../lib/dates';
import { downloadCsv } from '../../lib/csvDownload';
import { startDownload } from '../../components/certificates/CertificateCard';
import { certificateRows, certificatesCsvRows, filterCertificateRows, type CertificateFilter } from '../../components/certificates/certificateView';
import { useFleetCertificates } from '../../components/certificates/useCertificates';
import '../../components/certificates/certificates.css';

const FILTERS: { value: CertificateFilter; label: string }[] = [
  { value: 'active', label: 'Active' },
  { value: 'expiring', label: 'Expiring' },
  { value: 'expired', label: 'Expired' },
];

/** /certificates (spec 000 §2): search, Active / Expiring / Expired toggles, the table, Download and Renew. */
export function CertificatesPage() {
  const certificates = useFleetCertificates();
  const navigate = useNavigate();
  const canEdit = useCanEditFleet();
  const [search, setSearch] = useState('');
  const [filter, setFilter] = useState<CertificateFilter | null>(null);
  const today = useMemo(() => new Date(), []);
  const rows = useMemo(() => certificateRows(certificates.data ?? [], today), [certificates.data, today]);
  const shown = useMemo(() => filterCertificateRows(rows, search, filter), [rows, search, filter]);

  let body;
  if (certificates.isLoading) body = <LoadingState>Loading certificates...</LoadingState>;
  else if (certificates.isError) body = <ErrorState testId="certificates-error">Failed to load certificates</ErrorState>;
  else if (rows.length === 0)
    body = (
      <EmptyState icon={<CertificateIcon size={32} />} title="No vessels yet" testId="certificates-empty">
        Add a vessel to track its medical chest certificate.
      </EmptyState>
    );
  else if (shown.length === 0)
    body = (
      <EmptyState icon={<CertificateIcon size={32} />} title="No certificates match" testId="certificates-no-match">
        Try another search or clear the filter.
      </EmptyState>
    );
  else
    body = (
      <TableScroll label="Medical certificates">
        <table className="table certificates-table" data-testid="certificates-table">
          <thead>
            <tr>
              <th scope="col">Vessel</th>
              <th scope="col">Certificate</th>
              <th scope="col">Issue Date</th>
              <th scope="col">Expiry Date</th>
              <th scope="col">Supplier</th>
              <th scope="col">Status</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((row) => (
              <tr key={row.vesselId} data-testid={`certificate-row-${row.vesselId}`}>
                <td data-label="Vessel">
                  <span className="certificates-table__vessel">{row.vesselName}</span>
                  <span className="text-muted mono">IMO {row.imoNumber}</span>
                </td>
                <td data-label="Certificate">{row.certificate?.fileName ?? <span className="text-muted">None</span>}</td>
                <td data-label="Issue Date">{formatDate(row.certificate?.issueDate) ?? <span className="text-muted">—</span>}</td>
                <td data-label="Expiry Date">{formatDate(row.certificate?.expiryDate) ?? <span className="text-muted">Not set</span>}</td>
                <td data-label="Supplier">{row.certificate?.certificateIssuer ?? <span className="text-muted">—</span>}</td>
                <td data-label="Status">
                  <Badge tone={CERTIFICATE_STATUS_TONES[row.status]} testId="certificate-status">
                    {row.statusLabel}
                  </Badge>
                </td>
                <td data-label="Actions">
                  <span className="certificates-table__actions">
                    <Button
                      variant="secondary"
                      size="sm"
                      icon={<DownloadIcon size={14} />}
                      disabled={!row.certificate?.hasFile}
                      onClick={() => startDownload(`/api/vessels/${row.vesselId}/certificate/download`)}
                      aria-label={`Download the certificate of ${row.vesselName}`}
                    >
                      Download
                    </Button>
                    {canEdit && (
                      <Button variant="ghost" size="sm" onClick={() => navigate(`/vessels/${row.vesselId}`)} aria-label={`Renew the certificate of ${row.vesselName}`}>
                        Renew
                      </Button>
                    )}
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    );

  return (
    <div className="page">
      <PageHeader
        title="Medical Certificates"
        subtitle="Medical chest certificates for every vessel."
        actions={
          <Button
            variant="secondary"
            icon={<DownloadIcon size={16} />}
            disabled={shown.length === 0}
            onClick={() => void downloadCsv(`medical-certificates-${isoToday()}.csv`, certificatesCsvRows(shown))}
          >
            Export CSV
          </Button>
        }
      />
      <Card>
        <div className="certificates-toolbar">
          <input
            type="search"
            aria-label="Search certificates"
            placeholder="Search vessel, IMO, issuer..."
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            data-testid="certificates-search"
          />
          <div className="certificates-toggles" role="group" aria-label="Filter by status">
            {FILTERS.map(({ value, label }) => (
              <Button
                key={value}
                size="sm"
                variant={filter === value ? 'primary' : 'secondary'}
                aria-pressed={filter === value}
                // Clicking the active toggle again clears it (spec 000 §2).
                onClick={() => setFilter((current) => (current === value ? null : value))}
              >
                {label}
              </Button>
            ))}
          </div>
        </div>
        {body}
      </Card>
    </div>
  );
}

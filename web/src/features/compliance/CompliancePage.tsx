import { useState } from 'react';
import { flagStateLabel, type AuditReport, toneOf, VESSEL_STATUS_TONES } from '@medchest/domain';
import { FleetScaleNote } from '../../components/scale/FleetScaleNote';
import { Badge } from '../../components/ui/Badge';
import { Button, ButtonLink } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { PageHeader } from '../../components/ui/PageHeader';
import { StatCard } from '../../components/ui/StatCard';
import { EmptyState, ErrorState, LoadingState } from '../../components/ui/StateMessage';
import { AlertIcon, ArrowRightIcon, ChartIcon, ClockIcon, DownloadIcon, ShieldIcon } from '../../components/ui/icons';
import { formatDate } from '../../lib/dates';
import { downloadCsv } from '../../lib/csvDownload';
import { notifyError, notifySuccess } from '../../lib/notify';
import type { DashboardStats, FleetComplianceItem } from '@medchest/domain';
import { useDashboardStats, useFleetCompliance } from '../../lib/useDashboard';
import {
  COMPLIANCE_REPORT_NAME,
  complianceReportCsvRows,
  complianceReportFileName,
  summaryFromStats,
  type ComplianceReportContent,
} from './complianceReport';
import { useGenerateAuditReport } from './useCompliance';
import '../../styles/dashboard.css';
import './compliance.css';

export const NO_DATA_TITLE = 'No Data Available';
export const NO_DATA_TEXT = 'Please wait for compliance data to load.';
export const AUDIT_GENERATED_TOAST = 'Audit Report Generated';
export const AUDIT_FAILED_TOAST = 'Failed to generate audit report';

function ComplianceSummary({ stats }: { stats: DashboardStats }) {
  const summary = summaryFromStats(stats);
  return (
    <div className="stat-grid stat-grid--three" data-testid="compliance-summary">
      <StatCard label="Overall Compliance" value={`${summary.compliancePercentage}%`} icon={ShieldIcon} tone="success" testId="overall-compliance">
        <span
          className="compliance-progress"
          role="progressbar"
          aria-label="Overall compliance"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={summary.compliancePercentage}
          data-testid="overall-compliance-bar"
        >
          <span className="compliance-progress__bar" style={{ width: `${summary.compliancePercentage}%` }} />
        </span>
        <span className="stat-card__caption" data-testid="overall-compliance-caption">
          {summary.compliantVessels} of {summary.totalVessels} vessels compliant
        </span>
      </StatCard>
      <StatCard label="Critical Issues" value={summary.criticalAlerts} icon={AlertIcon} tone="danger" testId="critical-issues">
        <span className="stat-card__caption">Required items with nothing on board</span>
      </StatCard>
      <StatCard label="Expiring Items" value={summary.expiringItems} icon={ClockIcon} tone="warning" testId="expiring-items">
        <span className="stat-card__caption">Batches expiring within 60 days</span>
      </StatCard>
    </div>
  );
}

/** "3 critical · 2 low · 1 expiring": the vessel's item counts, when there are any. */
function itemCounts(item: FleetComplianceItem): string | undefined {
  const parts = (
    [
      [item.criticalItems, 'critical'],
      [item.lowStockItems, 'low'],
      [item.expiringItems, 'expiring'],
    ] as const
  )
    .filter(([n]) => n > 0)
    .map(([n, label]) => `${n} ${label}`);
  return parts.length ? parts.join(' · ') : undefined;
}

function VesselComplianceList({ fleet }: { fleet: ReturnType<typeof useFleetCompliance> }) {
  let body;
  if (fleet.isLoading) body = <LoadingState>Loading vessels...</LoadingState>;
  else if (fleet.isError) body = <ErrorState testId="compliance-vessels-error">Failed to load vessel compliance</ErrorState>;
  else if (!fleet.data?.length) body = <EmptyState title="No vessels found" testId="compliance-vessels-empty" />;
  else
    body = (
      <ul className="scroll-list compliance-vessels" data-testid="compliance-vessel-list">
        {fleet.data.map((item) => {
          const counts = itemCounts(item);
          return (
            <li key={item.id} className="list-row compliance-vessel" data-testid="compliance-vessel" data-vessel-id={item.id}>
              <span className="list-row__main">
                <span className="list-row__title" data-testid="compliance-vessel-name">
                  {item.vesselName}
                </span>
                <span className="list-row__meta">
                  IMO {item.imoNumber} · {flagStateLabel(item.flagState)}
                  {item.fleet ? ` · ${item.fleet}` : ''}
                  {counts ? ` · ${counts}` : ''}
                </span>
              </span>
              <span className="compliance-vessel__actions">
                <Badge tone={toneOf(VESSEL_STATUS_TONES, item.complianceStatus)} testId="compliance-vessel-status">
                  {item.complianceStatus}
                </Badge>
                <ButtonLink
                  to={`/inventory/${item.id}`}
                  variant="secondary"
                  size="sm"
                  icon={<ArrowRightIcon size={14} />}
                  aria-label={`View details of ${item.vesselName}`}
                >
                  View Details
                </ButtonLink>
              </span>
            </li>
          );
        })}
      </ul>
    );
  return (
    <Card
      title="Vessel Compliance"
      id="vessel-compliance"
      testId="vessel-compliance"
      description="Each vessel's chest against the scale assigned to it."
    >
      {body}
    </Card>
  );
}

function downloadReport(report: ComplianceReportContent) {
  void downloadCsv(complianceReportFileName(report), complianceReportCsvRows(report));
}

/** The last audit report generated on this page, offered for download. */
function AuditReportCard({ report }: { report: AuditReport }) {
  const { summary } = report.data;
  return (
    <Card
      title="Audit Report"
      id="audit-report"
      testId="audit-report"
      description={`${report.name}, generated ${formatDate(report.generatedAt) ?? ''}.`}
      actions={
        <Button
          variant="secondary"
          size="sm"
          icon={<DownloadIcon size={15} />}
          onClick={() => downloadReport({ name: report.name, generatedAt: report.generatedAt, summary, vessels: report.data.vessels })}
        >
          Download Audit Report
        </Button>
      }
    >
      <p className="audit-report__summary" data-testid="audit-report-summary">
        {summary.compliancePercentage}% compliant · {summary.compliantVessels} of {summary.totalVessels} vessels ·{' '}
        {summary.criticalAlerts} critical items · {summary.expiringItems} expiring within 60 days
      </p>
    </Card>
  );
}

/** /compliance: the fleet against the medical scale (spec 000 §2 "Compliance Dashboard"). */
export function CompliancePage() {
  const stats = useDashboardStats(true);
  const fleet = useFleetCompliance();
  const audit = useGenerateAuditReport();
  const [report, setReport] = useState<AuditReport | null>(null);
  const loaded = Boolean(stats.data && fleet.data);

  const exportReport = () => {
    if (!stats.data || !fleet.data) return;
    downloadReport({ name: COMPLIANCE_REPORT_NAME, generatedAt: new Date(), summary: summaryFromStats(stats.data), vessels: fleet.data });
  };

  const generateAudit = () =>
    audit.mutate(undefined, {
      onSuccess: (generated) => {
        setReport(generated);
        notifySuccess(
          `${generated.name} for ${generated.data.summary.totalVessels} vessels is ready to download.`,
          AUDIT_GENERATED_TOAST,
        );
      },
      onError: (error) => notifyError(error, AUDIT_FAILED_TOAST),
    });

  let summary;
  if (stats.isLoading) summary = <LoadingState testId="compliance-loading">Loading compliance data...</LoadingState>;
  else if (stats.isError)
    summary = (
      <ErrorState testId="compliance-error">
        <span className="state__inline">
          <AlertIcon size={16} /> Failed to load compliance data
        </span>
      </ErrorState>
    );
  else if (!stats.data)
    summary = (
      <div className="banner banner--warning" role="status" data-testid="compliance-no-data">
        <AlertIcon size={18} />
        <div className="banner__content">
          <span className="banner__title">{NO_DATA_TITLE}</span>: {NO_DATA_TEXT}
        </div>
      </div>
    );
  else summary = <ComplianceSummary stats={stats.data} />;

  return (
    <div className="page">
      <PageHeader
        title="Compliance Dashboard"
        subtitle={
          <>
            How each vessel's medical chest measures up against the medical scale.
            <FleetScaleNote />
          </>
        }
        actions={
          <>
            <Button variant="secondary" icon={<DownloadIcon size={16} />} disabled={!loaded} onClick={exportReport}>
              Export Report
            </Button>
            <Button icon={<ChartIcon size={16} />} disabled={audit.isPending} onClick={generateAudit}>
              {audit.isPending ? 'Generating...' : 'Generate Audit'}
            </Button>
          </>
        }
      />
      {summary}
      {report && <AuditReportCard report={report} />}
      <VesselComplianceList fleet={fleet} />
    </div>
  );
}

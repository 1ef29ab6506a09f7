import { reportTypeLabel } from '@medchest/domain';
import { Card } from '../../components/ui/Card';
import { EmptyState, ErrorState, LoadingState } from '../../components/ui/StateMessage';
import { serverMessage } from '../../lib/api';
import { formatDate } from '../../lib/dates';
import { reportDownloadUrl, useRecentReports } from './useReports';

/** Recent Reports (spec 000 §2): each with Download (CSV) and a PDF for printing. */
export function RecentReports() {
  const reports = useRecentReports();
  let content;
  if (reports.isLoading) content = <LoadingState>Loading reports...</LoadingState>;
  else if (reports.isError) content = <ErrorState>{serverMessage(reports.error) ?? 'Failed to load reports'}</ErrorState>;
  else if ((reports.data ?? []).length === 0)
    content = (
      <EmptyState title="No reports yet" testId="reports-empty">
        Generate a report above; it is kept here to download again.
      </EmptyState>
    );
  else
    content = (
      <ul className="recent-reports" data-testid="recent-reports">
        {reports.data!.map((report) => (
          <li key={report.id} className="recent-report" data-testid="recent-report">
            <div className="recent-report__what">
              <span className="strong">{report.name}</span>
              <span className="text-muted">
                {reportTypeLabel(report.reportType)} · {report.vesselCount} {report.vesselCount === 1 ? 'vessel' : 'vessels'} · {formatDate(report.generatedAt)}
              </span>
            </div>
            {report.reportType !== 'audit' && (
              <div className="row-actions">
                <a className="btn btn--outline btn--sm" href={reportDownloadUrl(report.id, 'csv')} download aria-label={`Download ${report.name} as CSV`}>
                  Download
                </a>
                <a className="btn btn--ghost btn--sm" href={reportDownloadUrl(report.id, 'pdf')} download aria-label={`Download ${report.name} as PDF`}>
                  PDF
                </a>
              </div>
            )}
          </li>
        ))}
      </ul>
    );
  return (
    <Card title="Recent Reports" id="recent-reports">
      {content}
    </Card>
  );
}

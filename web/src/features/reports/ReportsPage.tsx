import { REPORT_TYPE_DESCRIPTIONS, REPORT_TYPE_LABELS, REPORT_TYPES, type ReportType } from '@medchest/domain';
import { useQuery } from '@tanstack/react-query';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { PageHeader } from '../../components/ui/PageHeader';
import { ErrorState, LoadingState } from '../../components/ui/StateMessage';
import { serverMessage } from '../../lib/api';
import { notifyError, notifySuccess } from '../../lib/notify';
import { queryKeys } from '../../lib/queryKeys';
import { GenerateReportForm, type ReportVesselOption } from './GenerateReportForm';
import { RecentReports } from './RecentReports';
import { useGenerateReport } from './useReports';
import './reports.css';

/**
 * Reports & Analytics (spec 000 §2): quick reports over every vessel in the caller's scope for the
 * last 30 days, a form for any type, vessels and range, and the reports generated so far. Every
 * figure is the server's, built from the chests as they stood at the end of the range.
 */
export function ReportsPage() {
  const vessels = useQuery<ReportVesselOption[]>({ queryKey: queryKeys.vessels });
  const generate = useGenerateReport();

  const quick = (reportType: ReportType) => {
    const vesselIds = (vessels.data ?? []).map((vessel) => vessel.id);
    generate.mutate(
      { reportType, vesselIds, dateRange: 'last-30' },
      {
        onSuccess: (report) => notifySuccess(`${report.name} is ready under Recent Reports`, 'Report Generated'),
        onError: (error) => notifyError(error, 'Failed to generate report'),
      },
    );
  };

  return (
    <div className="page reports-page">
      <PageHeader title="Reports & Analytics" subtitle="Compliance, inventory, expiry, usage and certificate reports for your fleet." />
      {vessels.isLoading ? (
        <LoadingState>Loading vessels...</LoadingState>
      ) : vessels.isError ? (
        <ErrorState>{serverMessage(vessels.error) ?? 'Failed to load vessels'}</ErrorState>
      ) : (
        <>
          <Card title="Quick Reports" description="Every vessel you can see, over the last 30 days." id="quick-reports">
            <ul className="quick-reports" data-testid="quick-reports">
              {REPORT_TYPES.map((type) => (
                <li key={type} className="quick-report">
                  <h3 className="quick-report__title">{REPORT_TYPE_LABELS[type]}</h3>
                  <p className="quick-report__text">{REPORT_TYPE_DESCRIPTIONS[type]}</p>
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={generate.isPending || (vessels.data ?? []).length === 0}
                    onClick={() => quick(type)}
                    aria-label={`Generate a ${REPORT_TYPE_LABELS[type]} report of every vessel for the last 30 days`}
                  >
                    Generate
                  </Button>
                </li>
              ))}
            </ul>
          </Card>
          <GenerateReportForm vessels={vessels.data ?? []} generate={generate} />
        </>
      )}
      <RecentReports />
    </div>
  );
}

import {
  DATE_RANGE_LABELS,
  DATE_RANGES,
  isoToday,
  REPORT_MESSAGES,
  REPORT_TYPE_LABELS,
  REPORT_TYPES,
  reportFormSchema,
  type DateRangeKind,
  type ReportRequest,
} from '@medchest/domain';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { Field, fieldProps } from '../../components/ui/Field';
import { applyServerFieldErrors, notifyError, notifySuccess } from '../../lib/notify';
import { schemaResolver } from '../../lib/forms';
import type { useGenerateReport } from './useReports';

/** What the form needs of each vessel in the caller's scope (GET /api/vessels). */
export interface ReportVesselOption {
  id: string;
  vesselName: string;
  imoNumber: string;
  fleet: string | null;
}

interface ReportFormValues {
  reportType: string;
  vesselIds: string[];
  dateRange: DateRangeKind;
  from: string;
  to: string;
}

const ALL_FLEETS = '';
const FIELDS = ['reportType', 'vesselIds', 'dateRange', 'from', 'to'] as const;

/**
 * Generate New Report (spec 000 §2, §5): type, fleet filter, date range and a vessel checklist with
 * Select All / Deselect All and the selected count. The domain's schema checks it here and again on
 * the server ('Please select a report type', 'Please select at least one vessel').
 */
export function GenerateReportForm({ vessels, generate }: { vessels: readonly ReportVesselOption[]; generate: ReturnType<typeof useGenerateReport> }) {
  const today = isoToday();
  const schema = useMemo(() => reportFormSchema(today), [today]);
  const form = useForm<ReportFormValues>({
    resolver: schemaResolver<ReportFormValues, typeof schema>(schema) as never,
    defaultValues: { reportType: '', vesselIds: [], dateRange: 'last-30', from: '', to: '' },
  });
  const { errors } = form.formState;
  const [fleet, setFleet] = useState(ALL_FLEETS);
  const fleets = useMemo(() => [...new Set(vessels.map((v) => v.fleet).filter((f): f is string => Boolean(f)))].sort(), [vessels]);
  const shown = vessels.filter((v) => fleet === ALL_FLEETS || v.fleet === fleet);
  const selected = form.watch('vesselIds');
  const dateRange = form.watch('dateRange');

  const setSelection = (ids: string[]) => form.setValue('vesselIds', ids, { shouldValidate: form.formState.isSubmitted });
  const selectAll = () => setSelection([...new Set([...selected, ...shown.map((v) => v.id)])]);
  const deselectAll = () => setSelection(selected.filter((id) => !shown.some((v) => v.id === id)));

  const submit = form.handleSubmit((values) => {
    generate.mutate(values as unknown as ReportRequest, {
      onSuccess: (report) => notifySuccess(`${report.name} is ready under Recent Reports`, 'Report Generated'),
      onError: (error) => {
        applyServerFieldErrors(error, form.setError, FIELDS);
        notifyError(error, REPORT_MESSAGES.failed);
      },
    });
  });

  return (
    <Card title="Generate New Report" description="Choose what to report on, which vessels and which period." id="generate-report">
      <form className="report-form" onSubmit={submit} noValidate data-testid="generate-report-form">
        <div className="report-form__row">
          <Field id="report-type" label="Report Type" error={errors.reportType?.message} required>
            <select {...fieldProps('report-type', errors.reportType?.message)} {...form.register('reportType')}>
              <option value="">Select a report type</option>
              {REPORT_TYPES.map((type) => (
                <option key={type} value={type}>
                  {REPORT_TYPE_LABELS[type]}
                </option>
              ))}
            </select>
          </Field>
          <Field id="report-fleet" label="Fleet">
            <select id="report-fleet" value={fleet} onChange={(event) => setFleet(event.target.value)}>
              <option value={ALL_FLEETS}>All fleets</option>
              {fleets.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </select>
          </Field>
          <Field id="report-range" label="Date Range" error={errors.dateRange?.message}>
            <select {...fieldProps('report-range', errors.dateRange?.message)} {...form.register('dateRange')}>
              {DATE_RANGES.map((range) => (
                <option key={range} value={range}>
                  {DATE_RANGE_LABELS[range]}
                </option>
              ))}
            </select>
          </Field>
        </div>
        {dateRange === 'custom' && (
          <div className="report-form__row">
            <Field id="report-from" label="From" error={errors.from?.message} required>
              <input type="date" max={today} {...fieldProps('report-from', errors.from?.message)} {...form.register('from')} />
            </Field>
            <Field id="report-to" label="To" error={errors.to?.message} required>
              <input type="date" max={today} {...fieldProps('report-to', errors.to?.message)} {...form.register('to')} />
            </Field>
          </div>
        )}
        <fieldset className="report-vessels" aria-describedby={errors.vesselIds ? 'report-vessels-error' : undefined}>
          <legend className="field__label">Vessels</legend>
          <div className="report-vessels__bar">
            <span data-testid="report-selected-count">
              {selected.length} of {vessels.length} selected
            </span>
            <Button size="sm" variant="ghost" onClick={selectAll} disabled={shown.length === 0}>
              Select All
            </Button>
            <Button size="sm" variant="ghost" onClick={deselectAll} disabled={selected.length === 0}>
              Deselect All
            </Button>
          </div>
          {shown.length === 0 ? (
            <p className="text-muted">No vessels to choose from.</p>
          ) : (
            <ul className="report-vessels__list">
              {shown.map((vessel) => (
                <li key={vessel.id}>
                  <label className="report-vessel">
                    <input type="checkbox" value={vessel.id} {...form.register('vesselIds')} />
                    <span>
                      {vessel.vesselName} <span className="text-muted mono">IMO {vessel.imoNumber}</span>
                    </span>
                  </label>
                </li>
              ))}
            </ul>
          )}
          {errors.vesselIds && (
            <p className="field__error" id="report-vessels-error" role="alert" data-testid="error-report-vessels">
              {errors.vesselIds.message}
            </p>
          )}
        </fieldset>
        <div className="report-form__actions">
          <Button type="submit" disabled={generate.isPending}>
            {generate.isPending ? 'Generating...' : 'Generate Report'}
          </Button>
        </div>
      </form>
    </Card>
  );
}

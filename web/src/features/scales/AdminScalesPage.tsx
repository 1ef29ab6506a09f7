import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  SCALE_IMPORT_FAILED_TOAST,
  SCALE_IMPORTED_TOAST,
  scaleIdOf,
  isIsoDate,
} from '@medchest/domain';
import { Badge } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { Field, fieldProps } from '../../components/ui/Field';
import { PageHeader } from '../../components/ui/PageHeader';
import { EmptyState, ErrorState, LoadingState } from '../../components/ui/StateMessage';
import { BoxIcon, CheckIcon } from '../../components/ui/icons';
import { serverErrorItems, serverMessage } from '../../lib/api';
import { formatDate } from '../../lib/dates';
import { schemaResolver } from '../../lib/forms';
import { applyServerFieldErrors, notifyError, notifySuccess } from '../../lib/notify';
import { AdminNav } from '../../components/layout/AdminNav';
import type { ScaleSummary } from '@medchest/domain';
// The columns and the error format only: the reader (papaparse) stays off this page, whose file is
// read by the server (issue 14).
import {
  formatScaleCsvError,
  SCALE_CSV_OPTIONAL_COLUMNS,
  SCALE_CSV_REQUIRED_COLUMNS,
  type ScaleCsvError,
} from '@medchest/domain/scale/csvColumns';
import { useImportScale, useScales } from '../../lib/useScales';
import {
  EMPTY_SCALE_IMPORT_FORM,
  isShippedScale,
  scaleImportFormWithFileSchema,
  type ScaleImportFormValues,
} from '../../lib/scaleView';
import '../../components/scale/scales.css';
import { TableScroll } from '../../components/ui/TableScroll';

const FORM_FIELDS = ['name', 'source', 'effectiveDate', 'fileName'] as const;
type FormOutput = ScaleImportFormValues;

/**
 * /admin/scales (admin only): import a scale table as CSV (a flag state's own table, in the shipped
 * file's columns) with its name, source and effective date, and the list of every scale. A file
 * with bad rows is refused whole; each problem is listed with its line so the admin can fix it.
 */
export function AdminScalesPage() {
  return (
    <div className="page">
      <PageHeader title="Admin Portal" subtitle="The medical scales vessels' required quantities follow." />
      <AdminNav />
      <div className="scales-grid">
        <ScaleImportCard />
        <ScaleListCard />
      </div>
    </div>
  );
}

function ScaleImportCard() {
  const importScale = useImportScale();
  const fileRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [reading, setReading] = useState(false);
  const [imported, setImported] = useState<ScaleSummary | null>(null);
  const [problems, setProblems] = useState<ScaleCsvError[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const busy = reading || importScale.isPending;

  const form = useForm<ScaleImportFormValues, unknown, FormOutput>({
    resolver: schemaResolver<ScaleImportFormValues, typeof scaleImportFormWithFileSchema>(scaleImportFormWithFileSchema),
    defaultValues: EMPTY_SCALE_IMPORT_FORM,
  });
  const { errors } = form.formState;
  const [name, effectiveDate] = form.watch(['name', 'effectiveDate']);
  // The id the scale will be recorded under, as the server derives it: an admin importing the same
  // table twice sees why the second is refused.
  const idPreview = name.trim() && isIsoDate(effectiveDate) ? scaleIdOf(name.trim(), effectiveDate) : null;

  // The file input is not handed to react-hook-form (it would reset the chosen file on a render);
  // its name is a value of the form, so the schema checks it with the other fields.
  form.register('fileName');
  const onFile = (chosen: File | null) => {
    setFile(chosen);
    form.setValue('fileName', chosen?.name ?? '', { shouldValidate: true, shouldDirty: true });
  };

  const submit = form.handleSubmit(async (values) => {
    if (!file || busy) return;
    setImported(null);
    setProblems([]);
    setFailure(null);
    setReading(true);
    let csv: string;
    try {
      csv = await file.text();
    } catch {
      setFailure('The file could not be read');
      return;
    } finally {
      setReading(false);
    }
    importScale.mutate(
      { ...values, fileName: file.name, csv },
      {
        onSuccess: (scale) => {
          setImported(scale);
          form.reset(EMPTY_SCALE_IMPORT_FORM);
          setFile(null);
          if (fileRef.current) fileRef.current.value = '';
          notifySuccess(`${scale.name}: ${scale.itemCount} items`, SCALE_IMPORTED_TOAST);
        },
        onError: (error) => {
          applyServerFieldErrors(error, form.setError, FORM_FIELDS);
          setProblems(serverErrorItems<ScaleCsvError>(error));
          setFailure(serverMessage(error) ?? 'The scale could not be imported');
          notifyError(error, 'The scale could not be imported', SCALE_IMPORT_FAILED_TOAST);
        },
      },
    );
  });

  return (
    <Card
      title="Import a Scale"
      id="scale-import"
      testId="scale-import"
      description="A flag state's own table, as CSV in the columns of the shipped WHO scale. Each import is recorded; vessels keep their scale until you assign them another."
    >
      <form onSubmit={submit} noValidate aria-label="Import a scale" className="stack" data-testid="scale-import-form">
        <Field
          id="scale-file"
          label="CSV file"
          required
          error={errors.fileName?.message}
          hint={
            <>
              Required columns: <code>{SCALE_CSV_REQUIRED_COLUMNS.join(', ')}</code>; optional:{' '}
              <code>{SCALE_CSV_OPTIONAL_COLUMNS.join(', ')}</code>.
            </>
          }
        >
          <input
            {...fieldProps('scale-file', errors.fileName?.message, true)}
            ref={fileRef}
            type="file"
            accept=".csv,text/csv"
            disabled={busy}
            onChange={(event) => onFile(event.target.files?.[0] ?? null)}
          />
        </Field>
        <div className="form-grid form-grid--2">
          <Field id="scale-name" label="Name" required error={errors.name?.message}>
            <input {...fieldProps('scale-name', errors.name?.message)} disabled={busy} {...form.register('name')} />
          </Field>
          <Field
            id="scale-effective-date"
            label="Effective date"
            required
            error={errors.effectiveDate?.message}
          >
            <input
              {...fieldProps('scale-effective-date', errors.effectiveDate?.message)}
              type="date"
              disabled={busy}
              {...form.register('effectiveDate')}
            />
          </Field>
        </div>
        <Field
          id="scale-source"
          label="Source"
          required
          error={errors.source?.message}
          hint="Where the figures come from: the authority, the document and its reference. Shown wherever the quantities are."
        >
          <textarea
            {...fieldProps('scale-source', errors.source?.message, true)}
            rows={2}
            disabled={busy}
            {...form.register('source')}
          />
        </Field>
        {idPreview && (
          <p className="text-muted scale-id-preview" data-testid="scale-id-preview">
            Recorded as <code>{idPreview}</code>
          </p>
        )}
        <div className="form-actions">
          <Button type="submit" disabled={busy}>
            {reading ? 'Reading file...' : importScale.isPending ? 'Importing...' : 'Import Scale'}
          </Button>
        </div>
        {busy && (
          <div className="scale-progress" role="progressbar" aria-label="Import progress" data-testid="scale-import-progress">
            <div className="scale-progress__bar" />
          </div>
        )}
      </form>

      {imported && (
        <div className="scale-result scale-result--ok" role="status" data-testid="scale-import-result">
          <CheckIcon size={18} />
          <p>
            <strong>{imported.name}</strong> imported: {imported.itemCount} items, effective {formatDate(imported.effectiveDate)}{' '}
            (id <code>{imported.id}</code>). Assign it to a vessel on the vessel&apos;s page.
          </p>
        </div>
      )}
      {failure && (
        <div className="scale-result scale-result--error" role="alert" data-testid="scale-import-error">
          <p className="scale-result__title">{failure}</p>
          {problems.length > 0 && (
            <ul className="scale-result__problems" data-testid="scale-import-problems">
              {problems.map((problem, i) => (
                <li key={i}>{formatScaleCsvError(problem)}</li>
              ))}
            </ul>
          )}
        </div>
      )}
    </Card>
  );
}

function ScaleListCard() {
  const scales = useScales();
  const list = scales.data ?? [];

  let body;
  if (scales.isLoading) body = <LoadingState testId="scales-loading">Loading scales...</LoadingState>;
  else if (scales.isError) body = <ErrorState testId="scales-error">{serverMessage(scales.error) ?? 'Failed to load scales'}</ErrorState>;
  else if (list.length === 0) body = <EmptyState icon={<BoxIcon size={32} />} title="No scales found" testId="scales-empty" />;
  else
    body = (
      <TableScroll label="Medical scales">
        <table className="table" data-testid="scales-table">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Source</th>
              <th scope="col">Effective</th>
              <th scope="col" className="num">
                Items
              </th>
              <th scope="col">Imported</th>
            </tr>
          </thead>
          <tbody>
            {list.map((scale) => (
              <tr key={scale.id} data-testid="scale-row" data-scale-id={scale.id}>
                <td>
                  <span className="strong">{scale.name}</span>
                  <div className="text-muted mono scale-row__id">{scale.id}</div>
                </td>
                <td className="scale-row__source">{scale.source}</td>
                <td className="nowrap">{formatDate(scale.effectiveDate)}</td>
                <td className="num">{scale.itemCount ?? '—'}</td>
                <td className="nowrap">
                  {isShippedScale(scale) ? <Badge tone="navy">Shipped</Badge> : (formatDate(scale.importedAt) ?? '—')}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    );

  return (
    <Card title="Scales" id="scale-list" testId="scale-list" description={scales.data ? `${list.length} ${list.length === 1 ? 'scale' : 'scales'}` : undefined}>
      {body}
    </Card>
  );
}

import { useEffect, useRef, useState, type FormEvent } from 'react';
import { IMPORT_TOAST_TITLES, IMPORT_UNKNOWN_ERROR, importResultMessage, type BulkImportResult } from '@medchest/domain';
import { INVENTORY_CSV_HEADERS } from '@medchest/domain/inventory/csvHeaders';
import { Button } from '../../components/ui/Button';
import { DownloadIcon } from '../../components/ui/icons';
import { toast, type ToastVariant } from '../../components/ui/toast-store';
import { downloadText } from '../../lib/download';
import { notifyError } from '../../lib/notify';
import { ImportResultCard, importOutcome } from './ImportResultCard';
import { messageToast } from '../../lib/inventoryView';
import { useBulkImport, useVolumeRequirements } from '../../lib/useInventory';

const TITLES = IMPORT_TOAST_TITLES.csv;

/**
 * The domain's CSV reader and template, with papaparse: loaded when a file is uploaded or a
 * template asked for, not with the page (issue 14, the page's JavaScript before first paint).
 */
const loadCsv = () => import('@medchest/domain/inventory/csv');
const CSV_NOT_LOADED = 'The CSV reader could not be loaded; check the connection and try again';

/** The toast of a finished upload: plain when every row went in, not a success when some did not. */
const OUTCOME_TOAST: Record<ReturnType<typeof importOutcome>, ToastVariant> = {
  success: 'default',
  warning: 'info',
  danger: 'destructive',
};

/**
 * While the request is under way the bar creeps towards 90% (fetch reports no upload progress),
 * then fills when the answer arrives.
 */
function useUploadProgress(active: boolean): number {
  const [progress, setProgress] = useState(0);
  useEffect(() => {
    if (!active) return;
    setProgress(10);
    const timer = setInterval(() => setProgress((p) => Math.min(90, p + Math.max(1, Math.round((90 - p) / 6)))), 200);
    return () => clearInterval(timer);
  }, [active]);
  return active ? progress : 0;
}

/**
 * CSV Upload (spec 000 §2, §5): one .csv file, read in the browser by the domain's
 * parseInventoryCsv, then sent to bulk-import; the server checks every row again.
 */
export function CsvUploadTab({ vesselId }: { vesselId: string }) {
  const upload = useBulkImport(vesselId);
  const requirements = useVolumeRequirements(vesselId);
  const example = requirements.data?.[0];
  const [file, setFile] = useState<File | null>(null);
  const [result, setResult] = useState<BulkImportResult | null>(null);
  const [reading, setReading] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const busy = reading || upload.isPending;
  const progress = useUploadProgress(upload.isPending);

  const downloadTemplate = async (row: NonNullable<typeof example>) => {
    let csv: Awaited<ReturnType<typeof loadCsv>>;
    try {
      csv = await loadCsv();
    } catch {
      toast({ title: 'Template not downloaded', description: CSV_NOT_LOADED, variant: 'destructive' });
      return;
    }
    downloadText('inventory-template.csv', csv.inventoryCsvTemplate({ scaleId: row.scaleId, productName: row.scaleDescription }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file || busy) return;
    setReading(true);
    let text: string;
    let csv: Awaited<ReturnType<typeof loadCsv>>;
    try {
      text = await file.text();
    } catch {
      toast({ title: TITLES.failed, description: 'The file could not be read', variant: 'destructive' });
      return;
    } finally {
      setReading(false);
    }
    try {
      csv = await loadCsv();
    } catch {
      toast({ title: TITLES.failed, description: CSV_NOT_LOADED, variant: 'destructive' });
      return;
    }
    const { parseInventoryCsv, withSkippedRows } = csv;
    const parsed = parseInventoryCsv(file.name, text);
    if (!parsed.ok) {
      toast({ ...messageToast(parsed.error, TITLES.failed), variant: 'destructive' });
      // Rows were there but none could be read: say which and why, line by line.
      setResult(parsed.skipped?.length ? withSkippedRows({ successCount: 0, errorCount: 0, errors: [] }, parsed.skipped) : null);
      return;
    }
    setResult(null);
    upload.mutate(
      // Each row carries its spreadsheet line, so the server names a refused row by it.
      { fileName: file.name, items: parsed.items.map((item, i) => ({ ...item, line: parsed.lines[i] })) },
      {
        onSuccess: (answer) => {
          const shown = withSkippedRows(answer, parsed.skipped);
          setResult(shown);
          setFile(null);
          if (inputRef.current) inputRef.current.value = '';
          toast({
            title: shown.successCount > 0 ? TITLES.done : TITLES.failed,
            description: importResultMessage(shown),
            variant: OUTCOME_TOAST[importOutcome(shown)],
          });
        },
        onError: (error) => notifyError(error, IMPORT_UNKNOWN_ERROR, TITLES.failed),
      },
    );
  };

  return (
    <div className="card inventory-panel">
      <form className="csv-upload" onSubmit={submit} data-testid="csv-upload-form">
        <div className="field">
          <label className="field__label" htmlFor="inventory-csv-file">
            CSV file
          </label>
          <input
            ref={inputRef}
            id="inventory-csv-file"
            type="file"
            accept=".csv,text/csv"
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            disabled={busy}
            data-testid="csv-file-input"
            aria-describedby="inventory-csv-file-hint"
          />
          <p className="field__hint" id="inventory-csv-file-hint">
            Columns (any case): <code>scaleId</code> and <code>quantityOnBoard</code> required;{' '}
            {INVENTORY_CSV_HEADERS.slice(2).join(', ')} optional. Dates as YYYY-MM-DD.
          </p>
        </div>
        <div className="csv-upload__template">
          <Button
            variant="secondary"
            size="sm"
            icon={<DownloadIcon size={15} />}
            disabled={!example}
            onClick={() => example && void downloadTemplate(example)}
          >
            Download template
          </Button>
          <span>Every column the upload reads, with one example row from this vessel's scale.</span>
        </div>
        <div className="form-actions form-actions--start">
          <Button type="submit" disabled={!file || busy}>
            {upload.isPending ? 'Uploading...' : 'Upload CSV'}
          </Button>
        </div>
        {upload.isPending && (
          <div
            className="progress"
            role="progressbar"
            aria-label="Upload progress"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={progress}
            data-testid="upload-progress"
          >
            <div className="progress__bar" style={{ width: `${progress}%` }} />
          </div>
        )}
      </form>
      {result && (
        <ImportResultCard title={result.successCount > 0 ? TITLES.done : TITLES.failed} result={result} testId="csv-result" />
      )}
    </div>
  );
}

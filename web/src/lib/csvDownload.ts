import type { CsvValue } from '@medchest/domain';
import { toast } from '../components/ui/toast-store';
import { downloadText } from './download';

/**
 * CSV exports built in the browser (the dashboard's, compliance's and certificates' reports).
 * Writes nothing to the server: a file the browser saves or, when the writer cannot be loaded, a
 * toast instead of the file. Kept apart from download.ts so pages that download other things do
 * not carry the writer's loader.
 */

/**
 * The domain's CSV writer (toCsv, with papaparse): loaded when an export is asked for, not with
 * the page that offers it (issue 14, the pages' JavaScript before first paint).
 */
const loadCsvWriter = () => import('@medchest/domain/shared/csvExport');
export const CSV_NOT_EXPORTED_TOAST = 'CSV not exported';
export const CSV_WRITER_NOT_LOADED = 'The CSV writer could not be loaded; check the connection and try again';

/**
 * Offer rows (header first) as a CSV file, written with the domain's toCsv once it has loaded. A
 * writer that fails to load (the connection dropped after the page painted) says so in a toast,
 * and nothing is downloaded.
 */
export async function downloadCsv(fileName: string, rows: readonly (readonly CsvValue[])[]): Promise<void> {
  let writer: Awaited<ReturnType<typeof loadCsvWriter>>;
  try {
    writer = await loadCsvWriter();
  } catch {
    toast({ title: CSV_NOT_EXPORTED_TOAST, description: CSV_WRITER_NOT_LOADED, variant: 'destructive' });
    return;
  }
  downloadText(fileName, writer.toCsv(rows));
}

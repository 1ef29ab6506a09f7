import { useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { certificateUploadFormSchema, isoToday } from '@medchest/domain';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';
import { Field, fieldProps } from '../ui/Field';
import { schemaResolver } from '../../lib/forms';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useUploadCertificate } from './useCertificates';

interface FormValues {
  file: File | null;
  expiryDate: string;
  certificateIssuer: string;
}

/**
 * The certificate upload dialog (spec 000 §2, §5): a PDF file, an expiry date (today at the
 * earliest) and the issuer, checked with the domain's rules before anything is sent; a progress
 * bar while the file goes up; 'Failed to upload certificate' (or the server's message) on failure.
 */
export function UploadCertificateDialog({
  open,
  onClose,
  vesselId,
  vesselName,
  defaultIssuer,
}: {
  open: boolean;
  onClose: () => void;
  vesselId: string;
  vesselName: string;
  defaultIssuer?: string | null;
}) {
  // The server's day (UTC): the earliest expiry it accepts.
  const today = useMemo(() => isoToday(), []);
  const schema = useMemo(() => certificateUploadFormSchema(today), [today]);
  const [progress, setProgress] = useState<number | null>(null);
  const upload = useUploadCertificate(vesselId, setProgress);
  const form = useForm<FormValues>({
    // The file field is a File; the domain schema describes what it needs of it (size, type, name).
    resolver: schemaResolver<FormValues, typeof schema>(schema) as never,
    defaultValues: { file: null, expiryDate: '', certificateIssuer: defaultIssuer ?? '' },
  });
  const { errors } = form.formState;
  const close = () => {
    if (upload.isPending) return;
    form.reset();
    setProgress(null);
    onClose();
  };
  const submit = form.handleSubmit(
    (values) =>
      upload.mutate(
        { file: values.file!, expiryDate: values.expiryDate, certificateIssuer: values.certificateIssuer.trim() },
        {
          onSuccess: () => {
            notifySuccess(`Certificate uploaded for ${vesselName}`);
            form.reset();
            setProgress(null);
            onClose();
          },
          onError: (error) => {
            setProgress(null);
            notifyError(error, 'Failed to upload certificate');
          },
        },
      ),
    (invalid) => {
      // The specification's messages are toasts (spec 000 §5); each also shows under its field.
      const first = invalid.file?.message ?? invalid.expiryDate?.message ?? invalid.certificateIssuer?.message;
      if (first) {
        const [title, description] = String(first).split(': ');
        notifyError(new Error(description ?? title), description ?? String(first), description ? title : 'Error');
      }
    },
  );

  return (
    <Dialog
      open={open}
      onClose={close}
      busy={upload.isPending}
      title={`Upload certificate: ${vesselName}`}
      description="The medical chest certificate as a PDF (under 10MB), its expiry date and who issued it."
      testId="upload-certificate-dialog"
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={upload.isPending}>
            Cancel
          </Button>
          <Button type="submit" form="upload-certificate-form" disabled={upload.isPending} data-testid="upload-certificate-submit">
            {upload.isPending ? 'Uploading...' : 'Upload Certificate'}
          </Button>
        </>
      }
    >
      <form id="upload-certificate-form" className="form-stack" onSubmit={submit} noValidate>
        <Field id="certificate-file" label="Certificate (PDF)" required error={errors.file?.message}>
          <Controller
            control={form.control}
            name="file"
            render={({ field }) => (
              <input
                {...fieldProps('certificate-file', errors.file?.message)}
                type="file"
                accept="application/pdf,.pdf"
                disabled={upload.isPending}
                data-testid="certificate-file-input"
                data-autofocus
                onChange={(event) => field.onChange(event.target.files?.[0] ?? null)}
              />
            )}
          />
        </Field>
        <Field id="certificate-expiry" label="Expiry Date" required error={errors.expiryDate?.message}>
          <input
            {...fieldProps('certificate-expiry', errors.expiryDate?.message)}
            {...form.register('expiryDate')}
            type="date"
            min={today}
            disabled={upload.isPending}
            data-testid="certificate-expiry-input"
          />
        </Field>
        <Field id="certificate-issuer" label="Certificate Issuer" required error={errors.certificateIssuer?.message}>
          <input
            {...fieldProps('certificate-issuer', errors.certificateIssuer?.message)}
            {...form.register('certificateIssuer')}
            maxLength={255}
            placeholder="e.g. Panama Maritime Authority"
            disabled={upload.isPending}
            data-testid="certificate-issuer-input"
          />
        </Field>
        {progress !== null && (
          <div className="upload-progress" data-testid="certificate-upload-progress">
            <progress max={1} value={progress} aria-label="Upload progress" />
            <span>{Math.round(progress * 100)}%</span>
          </div>
        )}
      </form>
    </Dialog>
  );
}

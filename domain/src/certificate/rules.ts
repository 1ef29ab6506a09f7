import { z } from 'zod';
import { daysUntil, isIsoDate } from '../shared/dates';
import type { StatusTone } from '../shared/tone';

/**
 * Medical chest certificates: the limits, messages and status rules of spec 000 §4/§5/§9 and
 * 001 §4/§9, in one place for the API, the workers and the screens.
 */

/** Spec 000 §9: "PDF, under 10MB". A file of exactly 10 MB is refused. */
export const CERTIFICATE_MAX_BYTES = 10 * 1024 * 1024;
/** An upload URL is good for this long after it was handed out, and for one certificate only. */
export const CERTIFICATE_UPLOAD_TTL_MINUTES = 15;
/** A file uploaded but never recorded as a certificate is removed after this long. */
export const UNRECORDED_UPLOAD_HOURS = 24;
/** Certificates page (spec 000 §4): expiring within 60 days. */
export const CERTIFICATES_PAGE_EXPIRING_DAYS = 60;
/** Detail and captain views, and the reminder mail (spec 001 §4): expiring within 30 days. */
export const CERTIFICATE_REMINDER_DAYS = 30;

/** What a PDF starts with: the bytes decide, not the name or the declared type. */
export const PDF_MAGIC = '%PDF-';

export const CERTIFICATE_MESSAGES = {
  invalidType: 'Invalid File Type: Please select a PDF file',
  tooLarge: 'File Too Large: Please select a file smaller than 10MB',
  missing: 'Missing Information: Please select a file, set an expiry date, and specify the certificate issuer',
  pastExpiry: 'Invalid Expiry Date: The expiry date cannot be in the past',
  issueAfterExpiry: 'Invalid Issue Date: The issue date must not be after the expiry date',
  uploadExpired: 'Upload Expired: This upload link has expired or was already used. Please upload the file again',
  notUploaded: 'Missing Information: Please select a file, set an expiry date, and specify the certificate issuer',
  notAvailable: 'Certificate Not Available: This vessel does not have a certificate uploaded yet',
} as const;

/** Whether the first bytes of a file say it is a PDF. */
export function startsAsPdf(head: Uint8Array): boolean {
  if (head.length < PDF_MAGIC.length) return false;
  for (let i = 0; i < PDF_MAGIC.length; i++) if (head[i] !== PDF_MAGIC.charCodeAt(i)) return false;
  return true;
}

export type CertificateStatus = 'not_issued' | 'expired' | 'expiring' | 'valid';

export const CERTIFICATE_STATUS_LABELS: Record<CertificateStatus, string> = {
  not_issued: 'Not Issued',
  expired: 'Expired',
  expiring: 'Expiring',
  valid: 'Valid',
};

export const CERTIFICATE_STATUS_TONES: Record<CertificateStatus, StatusTone> = {
  not_issued: 'neutral',
  expired: 'danger',
  expiring: 'warning',
  valid: 'success',
};

/**
 * THE certificate status (spec 000 §4): no certificate file gives not_issued; an expiry in the past
 * expired; within `expiringDays` (60 on the certificates page, 30 on the detail and captain views)
 * expiring; otherwise valid; a file with no expiry date is valid.
 */
export function certificateStatus(
  certificate: { hasFile: boolean; expiryDate: string | null | undefined },
  today: Date,
  expiringDays: number = CERTIFICATES_PAGE_EXPIRING_DAYS,
): CertificateStatus {
  if (!certificate.hasFile) return 'not_issued';
  if (!certificate.expiryDate) return 'valid';
  const days = daysUntil(certificate.expiryDate, today);
  if (days < 0) return 'expired';
  if (days <= expiringDays) return 'expiring';
  return 'valid';
}

const required = (message: string) => z.string({ error: message }).trim().min(1, message);

/**
 * The body of PUT /api/vessels/{id}/certificate: the upload URL, the expiry date (today or later)
 * and the issuer; an issue date may come along. `today` is the server's day (YYYY-MM-DD).
 */
export function certificateRecordSchema(today: string) {
  return z
    .object({
      certificateURL: required(CERTIFICATE_MESSAGES.missing),
      expiryDate: required(CERTIFICATE_MESSAGES.missing)
        .refine(isIsoDate, CERTIFICATE_MESSAGES.missing)
        .refine((date) => date >= today, CERTIFICATE_MESSAGES.pastExpiry),
      certificateIssuer: required(CERTIFICATE_MESSAGES.missing).pipe(z.string().max(255, 'Certificate issuer must not exceed 255 characters')),
      issueDate: z
        .string()
        .trim()
        .optional()
        .transform((value) => (value ? value : undefined))
        .refine((value) => value === undefined || isIsoDate(value), 'Please enter a valid issue date'),
    })
    .refine((body) => !body.issueDate || !isIsoDate(body.expiryDate) || body.issueDate <= body.expiryDate, {
      message: CERTIFICATE_MESSAGES.issueAfterExpiry,
      path: ['issueDate'],
    });
}
export type CertificateRecordBody = z.output<ReturnType<typeof certificateRecordSchema>>;

/** The upload dialog's form (web): the same messages, the file checked in the browser first. */
export function certificateUploadFormSchema(today: string) {
  return z.object({
    file: z
      .custom<{ size: number; type: string; name: string }>((value) => value !== null && value !== undefined, CERTIFICATE_MESSAGES.missing)
      .refine((file) => file.size > 0 && (file.type === 'application/pdf' || file.name.toLowerCase().endsWith('.pdf')), CERTIFICATE_MESSAGES.invalidType)
      .refine((file) => file.size < CERTIFICATE_MAX_BYTES, CERTIFICATE_MESSAGES.tooLarge),
    expiryDate: required(CERTIFICATE_MESSAGES.missing).refine((date) => date >= today, CERTIFICATE_MESSAGES.pastExpiry),
    certificateIssuer: required(CERTIFICATE_MESSAGES.missing),
  });
}

/** The download's file name, from the vessel name: letters, digits and dashes only. */
export function certificateFileName(vesselName: string, expiryDate?: string | null): string {
  const base = vesselName
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `${base || 'vessel'}-medical-chest-certificate${expiryDate ? `-${expiryDate}` : ''}.pdf`;
}

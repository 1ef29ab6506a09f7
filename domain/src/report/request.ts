import { subDays, subYears } from 'date-fns';
import { z } from 'zod';
import { isIsoDate } from '../shared/dates';

/**
 * What a user asks for on Reports & Analytics (spec 000 §2, §5, §7): a report type, the vessels,
 * and a date range. The labels, the ranges and the messages live here, once, for the API and the
 * screen.
 */

export const REPORT_TYPES = ['compliance_summary', 'inventory_status', 'expiry_report', 'usage_analytics', 'certificate_status'] as const;
export type ReportType = (typeof REPORT_TYPES)[number];

export const REPORT_TYPE_LABELS: Record<ReportType, string> = {
  compliance_summary: 'Compliance Summary',
  inventory_status: 'Inventory Status',
  expiry_report: 'Expiry Report',
  usage_analytics: 'Usage Analytics',
  certificate_status: 'Certificate Status',
};

/** One line on each Quick Reports card and under the type select: what the report answers. */
export const REPORT_TYPE_DESCRIPTIONS: Record<ReportType, string> = {
  compliance_summary: 'Each vessel’s chest status with its critical, low-stock and expiring items.',
  inventory_status: 'Every item of every chest: required, on board and its status.',
  expiry_report: 'Batches that expired in the period or expire within 60 days of its end.',
  usage_analytics: 'Medicines and supplies used in the period, per vessel and item.',
  certificate_status: 'Each vessel’s medical chest certificate: issuer, expiry and status.',
};

export const DATE_RANGES = ['last-30', 'last-90', 'last-year', 'custom'] as const;
export type DateRangeKind = (typeof DATE_RANGES)[number];

export const DATE_RANGE_LABELS: Record<DateRangeKind, string> = {
  'last-30': 'Last 30 days',
  'last-90': 'Last 90 days',
  'last-year': 'Last year',
  custom: 'Custom range',
};

export const REPORT_MESSAGES = {
  reportType: 'Please select a report type',
  vesselIds: 'Please select at least one vessel',
  dateRange: 'Please select a date range',
  from: 'Please enter a valid start date',
  to: 'Please enter a valid end date',
  order: 'The start date must not be after the end date',
  future: 'The end date must not be in the future',
  failed: 'Failed to generate report',
} as const;

/** The days a report covers, both included (YYYY-MM-DD). */
export interface ReportPeriod {
  from: string;
  to: string;
}

const isoDay = (date: Date) => date.toISOString().slice(0, 10);
const utcDay = (day: string) => new Date(`${day}T00:00:00Z`);

/** A preset range ending today: last-30 starts 30 days before today, last-year on the same day a year before. */
export function presetPeriod(kind: Exclude<DateRangeKind, 'custom'>, today: string): ReportPeriod {
  const end = utcDay(today);
  const start = kind === 'last-30' ? subDays(end, 30) : kind === 'last-90' ? subDays(end, 90) : subYears(end, 1);
  return { from: isoDay(start), to: today };
}

const day = (message: string) => z.string({ error: message }).refine(isIsoDate, message);

/**
 * The body of POST /api/reports/generate. `today` is the server's day: a custom range may not end
 * after it (a report states what happened, not what will).
 */
export function reportRequestSchema(today: string) {
  return z
    .object({
      reportType: z.enum(REPORT_TYPES, { error: REPORT_MESSAGES.reportType }),
      vesselIds: z.array(z.string({ error: REPORT_MESSAGES.vesselIds }), { error: REPORT_MESSAGES.vesselIds }).min(1, REPORT_MESSAGES.vesselIds),
      dateRange: z.enum(DATE_RANGES, { error: REPORT_MESSAGES.dateRange }).default('last-30'),
      from: day(REPORT_MESSAGES.from).optional(),
      to: day(REPORT_MESSAGES.to).optional(),
    })
    .superRefine((body, context) => {
      if (body.dateRange !== 'custom') return;
      if (!body.from) context.addIssue({ code: 'custom', path: ['from'], message: REPORT_MESSAGES.from });
      if (!body.to) context.addIssue({ code: 'custom', path: ['to'], message: REPORT_MESSAGES.to });
      if (body.to && body.to > today) context.addIssue({ code: 'custom', path: ['to'], message: REPORT_MESSAGES.future });
      if (body.from && body.to && body.from > body.to) context.addIssue({ code: 'custom', path: ['from'], message: REPORT_MESSAGES.order });
    });
}
export type ReportRequest = z.infer<ReturnType<typeof reportRequestSchema>>;

/** The period a checked request covers. */
export function periodOf(request: Pick<ReportRequest, 'dateRange' | 'from' | 'to'>, today: string): ReportPeriod {
  if (request.dateRange === 'custom') return { from: request.from!, to: request.to! };
  return presetPeriod(request.dateRange, today);
}

/** "Compliance Summary", the name a generated report is listed and downloaded under. */
export function reportName(type: ReportType): string {
  return `${REPORT_TYPE_LABELS[type]} Report`;
}

/**
 * The same rules for the form on Reports & Analytics: its blank date inputs are "not given", so a
 * preset range never trips over the custom dates it hides.
 */
export function reportFormSchema(today: string) {
  const blankToUndefined = (value: unknown) => (value === '' ? undefined : value);
  return z.preprocess(
    (values) =>
      typeof values === 'object' && values !== null
        ? { ...values, from: blankToUndefined((values as { from?: unknown }).from), to: blankToUndefined((values as { to?: unknown }).to) }
        : values,
    reportRequestSchema(today),
  );
}

/** A report on Recent Reports (GET /api/reports): its figures come with the report itself. */
export interface ReportListItem {
  id: string;
  name: string;
  /** A generated type, or 'audit' for the compliance audit report. */
  reportType: string;
  generatedAt: string;
  vesselCount: number;
}

import { eventGuard } from '../shared/decider';
import { z } from 'zod';
import { VESSEL_STATUSES } from '../compliance/status';
import { isIsoDate } from '../shared/dates';
import { defineEvent, type EventOf } from '../shared/events';

/**
 * Reports as events. Generating an audit report is itself a fact an auditor needs ("which reports
 * were produced, when, by whom, and what did they say"), so each one is recorded once on its own
 * stream, report-{reportId}, with the figures and vessel rows it showed. The event is complete in
 * itself: the report can be shown again exactly as it was, whatever the fleet looks like later.
 */

const count = z.number().int().nonnegative();
const isoDay = z.string().refine(isIsoDate, 'Expected a calendar date as YYYY-MM-DD');

/** The summary of a compliance report (spec 000 §3 "Report"), in the specification's order. */
export const complianceReportSummarySchema = z.object({
  totalVessels: count,
  compliantVessels: count,
  criticalAlerts: count,
  expiringItems: count,
  compliancePercentage: z.number().int().min(0).max(100),
});
export type ComplianceReportSummary = z.infer<typeof complianceReportSummarySchema>;

/**
 * One vessel of a report: a fleet compliance item (spec 000 §3) with its item counts, as the
 * fleet compliance read model answers it when the report is generated.
 */
export const reportVesselSchema = z.object({
  id: z.string().min(1),
  vesselName: z.string(),
  imoNumber: z.string(),
  flagState: z.string(),
  crewSizeCategory: count,
  fleet: z.string().nullable(),
  ownershipCompany: z.string().nullable(),
  complianceStatus: z.enum(VESSEL_STATUSES),
  criticalItems: count,
  lowStockItems: count,
  expiringItems: count,
  lastMedicalReview: isoDay.nullable(),
  medicalChestCertificateExpiry: isoDay.nullable(),
});
export type ReportVessel = z.infer<typeof reportVesselSchema>;

export const AuditReportGenerated = defineEvent(
  'AuditReportGenerated',
  1,
  z.object({
    reportId: z.string().min(1),
    name: z.string().min(1),
    /** ISO timestamp of the generation (also the moment the figures were read). */
    generatedAt: z.string().datetime(),
    summary: complianceReportSummarySchema,
    vessels: z.array(reportVesselSchema),
  }),
);

export const reportEventDefinitions = [AuditReportGenerated] as const;
export type ReportEvent = EventOf<(typeof reportEventDefinitions)[number]>;
export type AuditReportGeneratedData = Extract<ReportEvent, { type: 'AuditReportGenerated' }>['data'];

export const isReportEvent = eventGuard<ReportEvent>(reportEventDefinitions);
export const reportStreamId = (reportId: string) => `report-${reportId}`;

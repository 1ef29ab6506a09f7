import { eventGuard } from '../shared/decider';
import { z } from 'zod';
import { VESSEL_STATUSES } from '../compliance/status';
import { isIsoDate } from '../shared/dates';
import { defineEvent, type EventOf } from '../shared/events';
import { REPORT_TYPES } from './request';

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

const csvCell = z.union([z.string(), z.number(), z.boolean(), z.null()]);

/**
 * A report generated on Reports & Analytics: complete in itself (its summary, vessel lines and
 * table as they were shown), with the period it covers and the log position its facts were read
 * at, so it downloads the same forever and can be rebuilt from the log to prove it.
 */
export const ReportGenerated = defineEvent(
  'ReportGenerated',
  1,
  z.object({
    reportId: z.string().min(1),
    name: z.string().min(1),
    reportType: z.enum(REPORT_TYPES),
    generatedAt: z.string().datetime(),
    period: z.object({ from: isoDay, to: isoDay }),
    logPosition: z.string(),
    vesselIds: z.array(z.string().min(1)).min(1),
    summary: z.record(z.string(), z.number()),
    vessels: z.array(z.record(z.string(), csvCell.optional())),
    table: z.object({ columns: z.array(z.string()), rows: z.array(z.array(csvCell.optional())) }),
  }),
);

export const reportEventDefinitions = [AuditReportGenerated, ReportGenerated] as const;
export type ReportEvent = EventOf<(typeof reportEventDefinitions)[number]>;
export type AuditReportGeneratedData = Extract<ReportEvent, { type: 'AuditReportGenerated' }>['data'];
export type ReportGeneratedData = Extract<ReportEvent, { type: 'ReportGenerated' }>['data'];

export const isReportEvent = eventGuard<ReportEvent>(reportEventDefinitions);
export const reportStreamId = (reportId: string) => `report-${reportId}`;

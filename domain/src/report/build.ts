import { CERTIFICATE_STATUS_LABELS, certificateStatus, type CertificateStatus } from '../certificate/rules';
import { daysBetweenIsoDays } from '../shared/dates';
import { fleetComplianceSummary } from '../compliance/fleet';
import { evaluateChest, isAssessed, ITEM_STATUS_LABELS, type VesselChest } from '../compliance/status';
import { formatRequirement } from '../scale/required';
import type { VesselMedicalProfile } from '../scale/profile';
import type { Scale } from '../scale/scale';
import type { CsvValue } from '../shared/csvExport';
import type { InventoryBatch } from '../inventory/state';
import { REPORT_TYPE_LABELS, type ReportPeriod, type ReportType } from './request';

/**
 * The five generated reports (spec 000 §2 Reports & Analytics), built from the facts of each
 * vessel as they stood at the end of the report's period. Pure: the same facts give the same
 * report, byte for byte, which is what lets a report be rebuilt from the log position it records.
 */

/** Within this many days of the period's end, a batch counts as expiring (the chest's 60-day rule). */
export const REPORT_EXPIRING_DAYS = 60;

/** A use of stock in the period (the medical log). */
export interface ReportUsage {
  /** YYYY-MM-DD, the day it was used. */
  usageDate: string;
  scaleId: string;
  quantityUsed: number;
}

/** What one vessel contributes to a report: its facts at the end of the period. */
export interface ReportVesselFacts {
  id: string;
  vesselName: string;
  imoNumber: string;
  fleet: string | null;
  flagState: string;
  scale: Pick<Scale, 'items'>;
  profile: VesselMedicalProfile;
  batches: readonly InventoryBatch[];
  certificate: { expiryDate: string | null; certificateIssuer: string | null; hasFile: boolean } | null;
  usage: readonly ReportUsage[];
}

/** A report's table: its columns and its rows, as the CSV and the PDF print them. */
export interface ReportTable {
  columns: string[];
  rows: CsvValue[][];
}

/** The figures at the head of a report, in the order they are printed. */
export type ReportSummary = Record<string, number>;

export interface GeneratedReportData {
  reportType: ReportType;
  generatedAt: string;
  period: ReportPeriod;
  /** The event log position the facts were read at (opaque text): the report can be rebuilt from it. */
  logPosition: string;
  summary: ReportSummary;
  /** One line per vessel: its name and the figures of this report type. */
  vessels: Record<string, CsvValue>[];
  table: ReportTable;
}

/** The summary's labels as printed, for every key any report uses. */
export const REPORT_SUMMARY_LABELS: Record<string, string> = {
  totalVessels: 'Total Vessels',
  compliantVessels: 'Compliant Vessels',
  criticalAlerts: 'Critical Alerts',
  expiringItems: 'Expiring Items',
  compliancePercentage: 'Compliance %',
  assessedItems: 'Items Assessed',
  compliantItems: 'Items OK',
  lowStockItems: 'Items Low',
  criticalItems: 'Items Critical',
  expiredBatches: 'Batches Expired',
  expiringBatches: 'Batches Expiring',
  expiredUnits: 'Units Expired',
  expiringUnits: 'Units Expiring',
  usageEntries: 'Usage Entries',
  quantityUsed: 'Quantity Used',
  vesselsWithUsage: 'Vessels With Usage',
  validCertificates: 'Valid',
  expiringCertificates: 'Expiring',
  expiredCertificates: 'Expired',
  notIssuedCertificates: 'Not Issued',
};

const byName = (a: ReportVesselFacts, b: ReportVesselFacts) => a.vesselName.localeCompare(b.vesselName, 'en') || a.id.localeCompare(b.id);

function chestOn(facts: ReportVesselFacts, day: string): VesselChest<InventoryBatch> {
  return evaluateChest(facts.scale, facts.profile, facts.batches, day);
}

function complianceSummary(vessels: readonly ReportVesselFacts[], period: ReportPeriod) {
  const lines = vessels.map((facts) => ({ facts, chest: chestOn(facts, period.to) }));
  const fleet = fleetComplianceSummary(
    lines.map(({ chest }) => ({ status: chest.status, criticalItems: chest.criticalItems, expiringBatches: chest.expiringBatches.length })),
  );
  return {
    summary: {
      totalVessels: fleet.totalVessels,
      compliantVessels: fleet.compliantVessels,
      criticalAlerts: fleet.criticalAlerts,
      expiringItems: fleet.expiringItems,
      compliancePercentage: fleet.compliancePercentage,
    },
    vessels: lines.map(({ facts, chest }) => ({
      vesselName: facts.vesselName,
      imoNumber: facts.imoNumber,
      fleet: facts.fleet,
      flagState: facts.flagState,
      complianceStatus: chest.status,
      criticalItems: chest.criticalItems,
      lowStockItems: chest.lowStockItems,
      expiringItems: chest.expiringBatches.length,
    })),
    table: {
      columns: ['Vessel', 'IMO Number', 'Fleet', 'Flag State', 'Status', 'Critical Items', 'Low Stock Items', 'Expiring Items'],
      rows: lines.map(({ facts, chest }) => [
        facts.vesselName,
        facts.imoNumber,
        facts.fleet,
        facts.flagState,
        chest.status,
        chest.criticalItems,
        chest.lowStockItems,
        chest.expiringBatches.length,
      ]),
    },
  };
}

function inventoryStatus(vessels: readonly ReportVesselFacts[], period: ReportPeriod) {
  const rows: CsvValue[][] = [];
  const summary = { assessedItems: 0, compliantItems: 0, lowStockItems: 0, criticalItems: 0 };
  const lines = vessels.map((facts) => {
    const chest = chestOn(facts, period.to);
    let assessed = 0;
    for (const item of chest.items) {
      if (isAssessed(item.status)) {
        assessed++;
        if (item.status === 'compliant') summary.compliantItems++;
      }
      rows.push([
        facts.vesselName,
        facts.imoNumber,
        item.item.id,
        item.item.description,
        item.item.section,
        formatRequirement(item.requirement),
        item.countedQuantity,
        ITEM_STATUS_LABELS[item.status],
      ]);
    }
    summary.assessedItems += assessed;
    summary.lowStockItems += chest.lowStockItems;
    summary.criticalItems += chest.criticalItems;
    return {
      vesselName: facts.vesselName,
      imoNumber: facts.imoNumber,
      assessedItems: assessed,
      lowStockItems: chest.lowStockItems,
      criticalItems: chest.criticalItems,
    };
  });
  return {
    summary,
    vessels: lines,
    table: { columns: ['Vessel', 'IMO Number', 'Scale ID', 'Item', 'Section', 'Required', 'On Board', 'Status'], rows },
  };
}

function expiryReport(vessels: readonly ReportVesselFacts[], period: ReportPeriod) {
  type Line = { facts: ReportVesselFacts; batch: InventoryBatch; description: string; daysLeft: number };
  const found: Line[] = [];
  for (const facts of vessels) {
    const descriptions = new Map(facts.scale.items.map((item) => [item.id, item.description]));
    for (const batch of facts.batches) {
      if (!batch.expiryDate || batch.quantity <= 0 || batch.expiryDate < period.from) continue;
      const daysLeft = daysBetweenIsoDays(period.to, batch.expiryDate);
      if (daysLeft > REPORT_EXPIRING_DAYS) continue;
      found.push({ facts, batch, description: descriptions.get(batch.scaleId) ?? batch.productName ?? batch.scaleId, daysLeft });
    }
  }
  found.sort(
    (a, b) =>
      a.batch.expiryDate!.localeCompare(b.batch.expiryDate!) ||
      a.facts.vesselName.localeCompare(b.facts.vesselName, 'en') ||
      a.batch.scaleId.localeCompare(b.batch.scaleId) ||
      a.batch.batchNumber - b.batch.batchNumber,
  );
  const expired = (line: Line) => line.daysLeft < 0;
  const summary = { expiredBatches: 0, expiringBatches: 0, expiredUnits: 0, expiringUnits: 0 };
  for (const line of found) {
    if (expired(line)) {
      summary.expiredBatches++;
      summary.expiredUnits += line.batch.quantity;
    } else {
      summary.expiringBatches++;
      summary.expiringUnits += line.batch.quantity;
    }
  }
  return {
    summary,
    vessels: vessels.map((facts) => {
      const mine = found.filter((line) => line.facts === facts);
      return {
        vesselName: facts.vesselName,
        imoNumber: facts.imoNumber,
        expiredBatches: mine.filter(expired).length,
        expiringBatches: mine.filter((line) => !expired(line)).length,
      };
    }),
    table: {
      columns: ['Vessel', 'IMO Number', 'Scale ID', 'Item', 'Batch', 'Quantity', 'Expiry Date', 'Days Left', 'Status'],
      rows: found.map((line) => [
        line.facts.vesselName,
        line.facts.imoNumber,
        line.batch.scaleId,
        line.description,
        line.batch.batchNumber,
        line.batch.quantity,
        line.batch.expiryDate!,
        line.daysLeft,
        expired(line) ? 'Expired' : 'Expiring',
      ]),
    },
  };
}

function usageAnalytics(vessels: readonly ReportVesselFacts[], period: ReportPeriod) {
  const rows: CsvValue[][] = [];
  const summary = { usageEntries: 0, quantityUsed: 0, vesselsWithUsage: 0 };
  const lines = vessels.map((facts) => {
    const inPeriod = facts.usage.filter((use) => use.usageDate >= period.from && use.usageDate <= period.to);
    const perItem = new Map<string, { entries: number; quantity: number; last: string }>();
    for (const use of inPeriod) {
      const item = perItem.get(use.scaleId) ?? { entries: 0, quantity: 0, last: use.usageDate };
      item.entries++;
      item.quantity += use.quantityUsed;
      if (use.usageDate > item.last) item.last = use.usageDate;
      perItem.set(use.scaleId, item);
    }
    const descriptions = new Map(facts.scale.items.map((item) => [item.id, item.description]));
    for (const [scaleId, item] of [...perItem].sort(([a], [b]) => a.localeCompare(b))) {
      rows.push([facts.vesselName, facts.imoNumber, scaleId, descriptions.get(scaleId) ?? scaleId, item.entries, item.quantity, item.last]);
    }
    const quantity = inPeriod.reduce((sum, use) => sum + use.quantityUsed, 0);
    summary.usageEntries += inPeriod.length;
    summary.quantityUsed += quantity;
    if (inPeriod.length > 0) summary.vesselsWithUsage++;
    return { vesselName: facts.vesselName, imoNumber: facts.imoNumber, usageEntries: inPeriod.length, quantityUsed: quantity };
  });
  return {
    summary,
    vessels: lines,
    table: { columns: ['Vessel', 'IMO Number', 'Scale ID', 'Item', 'Times Used', 'Quantity Used', 'Last Used'], rows },
  };
}

function certificateReport(vessels: readonly ReportVesselFacts[], period: ReportPeriod) {
  const counts: Record<CertificateStatus, number> = { valid: 0, expiring: 0, expired: 0, not_issued: 0 };
  const lines = vessels.map((facts) => {
    const certificate = facts.certificate;
    const status = certificateStatus({ hasFile: certificate?.hasFile ?? false, expiryDate: certificate?.expiryDate }, new Date(`${period.to}T00:00:00Z`));
    counts[status]++;
    const daysLeft = certificate?.expiryDate ? daysBetweenIsoDays(period.to, certificate.expiryDate) : null;
    return { facts, certificate, status, daysLeft };
  });
  return {
    summary: {
      validCertificates: counts.valid,
      expiringCertificates: counts.expiring,
      expiredCertificates: counts.expired,
      notIssuedCertificates: counts.not_issued,
    },
    vessels: lines.map(({ facts, certificate, status, daysLeft }) => ({
      vesselName: facts.vesselName,
      imoNumber: facts.imoNumber,
      certificateIssuer: certificate?.certificateIssuer ?? null,
      expiryDate: certificate?.expiryDate ?? null,
      daysLeft,
      status: CERTIFICATE_STATUS_LABELS[status],
    })),
    table: {
      columns: ['Vessel', 'IMO Number', 'Fleet', 'Issuer', 'Expiry Date', 'Days Left', 'Status'],
      rows: lines.map(({ facts, certificate, status, daysLeft }) => [
        facts.vesselName,
        facts.imoNumber,
        facts.fleet,
        certificate?.certificateIssuer ?? null,
        certificate?.expiryDate ?? null,
        daysLeft,
        CERTIFICATE_STATUS_LABELS[status],
      ]),
    },
  };
}

const BUILDERS: Record<ReportType, (vessels: readonly ReportVesselFacts[], period: ReportPeriod) => Pick<GeneratedReportData, 'summary' | 'vessels' | 'table'>> = {
  compliance_summary: complianceSummary,
  inventory_status: inventoryStatus,
  expiry_report: expiryReport,
  usage_analytics: usageAnalytics,
  certificate_status: certificateReport,
};

/** A report of `reportType` over these vessels (in name order) for the period. */
export function buildReport(
  reportType: ReportType,
  vessels: readonly ReportVesselFacts[],
  period: ReportPeriod,
  context: { generatedAt: string; logPosition: string },
): GeneratedReportData {
  const ordered = [...vessels].sort(byName);
  return { reportType, generatedAt: context.generatedAt, period, logPosition: context.logPosition, ...BUILDERS[reportType](ordered, period) };
}

/** The title printed at the head of a report's CSV and PDF. */
export function reportTitle(reportType: ReportType): string {
  return REPORT_TYPE_LABELS[reportType];
}

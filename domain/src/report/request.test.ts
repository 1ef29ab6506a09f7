import { describe, expect, it } from 'vitest';
import { periodOf, presetPeriod, REPORT_MESSAGES, reportFormSchema, reportRequestSchema } from './request';

describe('report requests', () => {
  it('turns each preset into the days it covers, ending today', () => {
    expect(presetPeriod('last-30', '2026-03-31')).toEqual({ from: '2026-03-01', to: '2026-03-31' });
    expect(presetPeriod('last-90', '2026-03-31')).toEqual({ from: '2025-12-31', to: '2026-03-31' });
    // A year back from a leap day lands on the last day of February.
    expect(presetPeriod('last-year', '2028-02-29')).toEqual({ from: '2027-02-28', to: '2028-02-29' });
    expect(periodOf({ dateRange: 'custom', from: '2026-01-05', to: '2026-02-01' }, '2026-03-31')).toEqual({ from: '2026-01-05', to: '2026-02-01' });
  });

  it('answers each missing or wrong field with its message', () => {
    const schema = reportRequestSchema('2026-03-31');
    const issues = (body: unknown) => (schema.safeParse(body).error?.issues ?? []).map((i) => [i.path.join('.'), i.message]);
    expect(issues({ vesselIds: ['v'] })).toEqual([['reportType', REPORT_MESSAGES.reportType]]);
    expect(issues({ reportType: 'expiry_report', vesselIds: [] })).toEqual([['vesselIds', REPORT_MESSAGES.vesselIds]]);
    expect(issues({ reportType: 'expiry_report', vesselIds: ['v'], dateRange: 'custom', from: '2026-03-10', to: '2026-03-01' })).toEqual([['from', REPORT_MESSAGES.order]]);
    expect(issues({ reportType: 'expiry_report', vesselIds: ['v'], dateRange: 'custom', from: '2026-03-10', to: '2026-04-01' })).toEqual([['to', REPORT_MESSAGES.future]]);
    expect(schema.parse({ reportType: 'usage_analytics', vesselIds: ['v'] }).dateRange).toBe('last-30');
  });

  it('lets the form leave the custom dates blank for a preset range', () => {
    const form = reportFormSchema('2026-03-31');
    expect(form.safeParse({ reportType: 'compliance_summary', vesselIds: ['v'], dateRange: 'last-90', from: '', to: '' }).success).toBe(true);
    expect(form.safeParse({ reportType: 'compliance_summary', vesselIds: ['v'], dateRange: 'custom', from: '', to: '' }).success).toBe(false);
  });
});

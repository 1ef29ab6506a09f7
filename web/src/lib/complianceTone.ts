import type { Tone } from '../components/ui/Badge';

/** Vessel compliance status colours (spec 000 §4); any other text renders neutral. */
const TONES: Record<string, Tone> = {
  Compliant: 'success',
  'Expiring Soon': 'warning',
  'Low Stock': 'warning',
  'Non-Compliant': 'danger',
  Critical: 'danger',
};

export function complianceTone(status: string | null | undefined): Tone {
  return (status && TONES[status]) || 'neutral';
}

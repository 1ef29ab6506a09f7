import { SHIPPED_SCALE_METADATA } from '@medchest/domain';

/**
 * The provenance line of the fleet-wide pages: each vessel is judged against the scale assigned to
 * it, which is the shipped transcription unless an admin imported and assigned another.
 */
export function FleetScaleNote() {
  return (
    <span className="scale-note" data-testid="scale-name" title={SHIPPED_SCALE_METADATA.source}>
      Scale: each vessel&apos;s assigned scale; by default {SHIPPED_SCALE_METADATA.name}
    </span>
  );
}

import { Link } from 'react-router-dom';
import { SHIPPED_SCALE_METADATA } from '@medchest/domain';
// Its link's look lives with the other scale links; since the pages load on demand (issue 14),
// a component brings the styles it uses rather than relying on another page's.
import './scales.css';

/**
 * The provenance line of the fleet-wide pages: each vessel is judged against the scale assigned to
 * it, the shipped WHO scale unless an admin imported and assigned another. Its sources and how far
 * each can be trusted are one click away, on the scale's page.
 */
export function FleetScaleNote() {
  return (
    <span className="scale-note" data-testid="scale-name" title={SHIPPED_SCALE_METADATA.source}>
      Scale: each vessel&apos;s assigned scale; by default {SHIPPED_SCALE_METADATA.name}
      <Link to={`/scales/${SHIPPED_SCALE_METADATA.id}`} className="scale-link">
        Sources and confidence
      </Link>
    </span>
  );
}

import { Link } from 'react-router-dom';
import { scaleProvenanceTitle } from '../../lib/scaleView';
import { useVesselScale } from '../../lib/useScales';
import './scales.css';

/**
 * "Required quantities: <scale>" above every list of a vessel's quantities, with the scale's source
 * and effective date as its tooltip: the figures are only as good as the table they come from, and
 * the shipped one is an unverified transcription. With `asOf`, the scale in force on that day.
 */
export function ScaleProvenance({ vesselId, asOf, testId = 'scale-provenance' }: { vesselId: string; asOf?: string; testId?: string }) {
  const scale = useVesselScale(vesselId, asOf);
  let text;
  if (scale.isLoading) text = <span className="text-muted">loading…</span>;
  else if (scale.isError || !scale.data) text = <span className="text-muted">the scale could not be loaded</span>;
  else
    text = (
      <>
        <strong title={scaleProvenanceTitle(scale.data)} data-testid={`${testId}-name`} data-scale-id={scale.data.id}>
          {scale.data.name}
        </strong>
        {/* The tooltip is for the mouse; a screen reader hears the source as part of the line. */}
        <span className="visually-hidden">. Source: {scaleProvenanceTitle(scale.data)}</span>
        <Link to={`/scales/${encodeURIComponent(scale.data.id)}`} className="scale-link" data-testid={`${testId}-link`}>
          Sources and confidence
        </Link>
      </>
    );
  return (
    <p className="scale-provenance" data-testid={testId}>
      Required quantities: {text}
    </p>
  );
}

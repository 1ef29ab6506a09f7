import { Fragment } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import { CONFIDENCE_TONES, type ScaleProvenanceView } from '@medchest/domain';
import { Badge } from '../../components/ui/Badge';
import { PageHeader } from '../../components/ui/PageHeader';
import { ErrorState, LoadingState } from '../../components/ui/StateMessage';
import { TableScroll } from '../../components/ui/TableScroll';
import { serverMessage } from '../../lib/api';
import { formatDate } from '../../lib/dates';
import { queryKeys } from '../../lib/queryKeys';
import '../../components/scale/scales.css';

/**
 * /scales/{id}: what a scale is and how far its figures can be trusted (issue 15, "Trust in the
 * scale"), one click from wherever a scale is named. Each source with its confidence and what it
 * backs; then every item with the figures it states and the source behind each.
 */
export function ScalePage() {
  const { scaleId = '' } = useParams();
  const scale = useQuery<ScaleProvenanceView>({ queryKey: queryKeys.scale(scaleId) });

  if (scale.isLoading) return <LoadingState>Loading scale...</LoadingState>;
  if (scale.isError || !scale.data) {
    return <ErrorState testId="scale-error">{serverMessage(scale.error) ?? 'Failed to load the scale'}</ErrorState>;
  }
  const { name, source, effectiveDate, sources, items } = scale.data;
  const titleOf = new Map(sources.map((s) => [s.id, s.title]));
  const sections = [...new Set(items.map((i) => i.section))];

  return (
    <div className="page scale-page">
      <PageHeader
        title={<span data-testid="scale-page-name">{name}</span>}
        subtitle={
          <>
            {source}
            {formatDate(effectiveDate) && <span className="scale-note">In force from {formatDate(effectiveDate)}</span>}
          </>
        }
      />

      <section className="card scale-sources" aria-labelledby="scale-sources-title">
        <div className="card__header">
          <h2 className="card__title" id="scale-sources-title">
            Where the figures come from
          </h2>
        </div>
        <ul className="scale-sources__list" data-testid="scale-sources">
          {sources.map((s) => (
            <li key={s.id} className="scale-source" data-testid="scale-source">
              <div className="scale-source__head">
                <strong>{s.title}</strong>
                <Badge tone={CONFIDENCE_TONES[s.confidence]} testId="scale-source-confidence">
                  Confidence: {s.confidence}
                </Badge>
              </div>
              <p>{s.about}</p>
              <p className="text-muted">
                <span className="scale-source__label">Backs:</span> {s.backs}
              </p>
            </li>
          ))}
        </ul>
      </section>

      <section className="card" aria-labelledby="scale-items-title">
        <div className="card__header">
          <h2 className="card__title" id="scale-items-title">
            Items and their sources ({items.length})
          </h2>
        </div>
        <TableScroll label="Items and their sources">
          <table className="table table--cards scale-items" data-testid="scale-items">
            <thead>
              <tr>
                <th scope="col">Item</th>
                <th scope="col">Figure</th>
                <th scope="col">As stated</th>
                <th scope="col">Source</th>
              </tr>
            </thead>
            <tbody>
              {sections.map((section) => (
                <Fragment key={section}>
                  <tr className="scale-items__section">
                    <th scope="colgroup" colSpan={4}>
                      {section}
                    </th>
                  </tr>
                  {items
                    .filter((item) => item.section === section)
                    .map((item) => (
                      <tr key={item.id} data-testid="scale-item" data-scale-id={item.id}>
                        <td className="card-title">
                          <span className="mono">{item.id}</span> {item.description}
                          {item.formStrength && <div className="cell-sub">{item.formStrength}</div>}
                        </td>
                        <td data-label="Figure">
                          {item.figures.map((f) => (
                            <div key={f.figure}>{f.figure}</div>
                          ))}
                        </td>
                        <td data-label="As stated">
                          {item.figures.map((f) => (
                            <div key={f.figure}>{f.value ?? '—'}</div>
                          ))}
                        </td>
                        <td data-label="Source">
                          {item.figures.map((f) => (
                            <div key={f.figure}>
                              {f.sourceId ? titleOf.get(f.sourceId) : null}
                              {f.note && <div className="cell-sub">{f.note}</div>}
                            </div>
                          ))}
                        </td>
                      </tr>
                    ))}
                </Fragment>
              ))}
            </tbody>
          </table>
        </TableScroll>
      </section>
    </div>
  );
}

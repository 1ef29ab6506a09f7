import type { StatusTone } from '@medchest/domain';
import type { ReactNode } from 'react';

/** The domain's status colours (one set, domain/src/shared/tone.ts), each a badge class. */
export type Tone = StatusTone;

export function Badge({ tone = 'neutral', children, testId }: { tone?: Tone; children: ReactNode; testId?: string }) {
  return (
    <span className={`badge badge--${tone}`} data-testid={testId}>
      {children}
    </span>
  );
}

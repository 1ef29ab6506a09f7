import type { Reactor } from '../reactor/reactor';
import { accountApprovedMail } from './accountApprovedMail';
import type { ReactorConfig } from './config';

export type { ReactorConfig } from './config';
export { accountApprovedMail } from './accountApprovedMail';

/** Every reactor the workers run. A new reactor is one module plus one line here. */
export function allReactors(config: ReactorConfig): Reactor[] {
  return [accountApprovedMail(config)] as Reactor[];
}

import type { ReadDb } from '../readModels';
import type { CommandDeps } from './handle';

/** What command functions need: the store, the read models (for checks) and read-your-writes. */
export interface AppDeps extends CommandDeps {
  db: ReadDb;
}

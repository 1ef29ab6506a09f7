import type { CommandHandlerDeps, CommandMetadata } from '@medchest/eventstore/commands/handler';
import type { ReadDb } from '../readModels';

/** What command functions need: the store and the codec (the handler's), and the read models (for checks and answers). */
export interface AppDeps extends CommandHandlerDeps {
  db: ReadDb;
}

/** Who acts, which request, and when (from the app's one clock): every event of a command carries it. */
export type CommandContext = CommandMetadata;

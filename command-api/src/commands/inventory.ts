import {
  batchQuantityPatchSchema,
  batchUsageSchema,
  bulkImportRequestSchema,
  findBatch,
  importSourceOf,
  isoToday,
  validateImportRows,
  type BulkImportResult,
  type InventoryBatch,
  type InventoryCommand,
  type InventoryState,
  vesselNotFound,
  batchNotFound,
} from '@medchest/domain';
import type { LogPosition } from '@medchest/eventstore';
import { formBody } from '../http/context';
import { newId } from '../ids';
import { getHierarchicalInventory, getVessel, listVesselBatches, type HierarchicalInventory, type InventoryBatch as ReadModelBatch } from '../readModels';
import type { AppDeps, CommandContext } from './context';
import { inventories, READ_MODELS } from './streams';
import { requireVessel } from './requireVessel';
import { scaleInForce } from './scaleInForce';

/**
 * Inventory commands on a vessel's medical chest (stream `inventory-{vesselId}`): the bulk import
 * (CSV upload and manual bulk input, spec 000 §7) and the in-place quantity edit. Each parses the
 * body with the domain's schema (a ZodError becomes a 400 with the messages), checks the vessel on
 * its own stream, then goes through the inventory stream's handler. Answers come from the decision and the decided
 * state, not from a read model.
 */

/** What the screens show right after a change of the chest: its items and batches, the vessel's status, imports, the feed. */
const INVENTORY_READ_MODELS = [READ_MODELS.medicalChest, READ_MODELS.fleetCompliance, READ_MODELS.inventoryImports, READ_MODELS.activity];


/**
 * The scale ids a row may name: the items of the scale in force for the vessel (read from its
 * assignment stream), so a vessel on a flag state's table is stocked against that table.
 */
async function knownScaleIds(deps: AppDeps, vesselId: string): Promise<ReadonlySet<string>> {
  const scale = await scaleInForce(deps, vesselId);
  return new Set(scale.items.map((item) => item.id));
}

/**
 * An inventory batch as the API answers it (spec 000 §3), absent optional fields null: the batches
 * read model's shape, so GET inventory and the PATCH answer are the same object.
 */
export type BatchAnswer = ReadModelBatch;

export const batchAnswer = (batch: InventoryBatch): BatchAnswer => ({
  id: batch.batchId,
  scaleId: batch.scaleId,
  productName: batch.productName ?? null,
  quantityOnBoard: batch.quantity,
  batchNumber: batch.batchNumber,
  expiryDate: batch.expiryDate ?? null,
  conditionNotes: batch.conditionNotes ?? null,
  version: batch.version,
});

export interface BulkImportOptions {
  /** false: do not wait for the read models (the demo seed waits once, after all its commands). */
  waitForReadModels?: boolean;
  /**
   * Fixed ids instead of random ones, for the demo seed: the same chest always gets the same ids,
   * so a second seeder racing the first is refused by the decider ("already recorded") instead
   * of adding the chest twice. `batchId` is given the accepted row's index.
   */
  ids?: { importId: string; batchId(index: number): string };
}

/**
 * POST /api/vessels/{id}/inventory/bulk-import. The envelope (file name, a list of at most
 * MAX_IMPORT_ROWS items, not empty) is a 400; every row is then checked by validateImportRows
 * against the scale: a refused row is a row error in the answer, never a 400 for the whole import.
 * One BatchAdded per accepted row and one InventoryImported are appended in one go.
 */
export async function bulkImport(
  deps: AppDeps,
  vesselId: string,
  body: unknown,
  context: CommandContext,
  options: BulkImportOptions = {},
): Promise<BulkImportResult & { position?: LogPosition }> {
  const request = bulkImportRequestSchema.parse(formBody(body));
  await requireVessel(deps, vesselId);

  const { accepted, errors } = validateImportRows(request.items, await knownScaleIds(deps, vesselId));
  const command: InventoryCommand = {
    type: 'BulkImport',
    vesselId,
    importId: options.ids?.importId ?? newId(),
    fileName: request.fileName,
    source: importSourceOf(request.fileName),
    items: accepted.map((row, index) => ({ ...row, batchId: options.ids?.batchId(index) ?? newId() })),
    rowErrors: errors,
  };
  const result = await inventories.handle(deps, vesselId, command, context, {
    readModels: options.waitForReadModels === false ? [] : INVENTORY_READ_MODELS,
  });

  // The counts are the decision's: what the InventoryImported event recorded.
  const imported = result.events.find((event) => event.type === 'InventoryImported');
  if (!imported) throw new Error('BulkImport decided no InventoryImported event');
  const { successCount, errorCount, errors: rowErrors } = imported.data;
  return { successCount, errorCount, errors: rowErrors, position: result.position };
}

/**
 * PATCH /api/vessels/{id}/inventory/{batchId}: set a batch's quantity (reason 'count' unless
 * given). Answers the batch as the decided state leaves it; an unchanged quantity records nothing.
 */
export async function adjustBatch(deps: AppDeps, vesselId: string, batchId: string, body: unknown, context: CommandContext) {
  const command = adjustCommand(batchId, body);
  await requireVessel(deps, vesselId);

  const result = await inventories.handle(deps, vesselId, command, context, { readModels: INVENTORY_READ_MODELS });
  const batch = findBatch(result.state, batchId);
  if (!batch) throw batchNotFound();
  return { batch: batchAnswer(batch), position: result.position };
}

/**
 * POST /api/vessels/{id}/inventory/{batchId}/usage, and the captain portal's usage on their own
 * vessel: units used on board, taken off the batch as a difference. It carries no version: the
 * decider checks it against whatever is on record when it is appended, and a lost race is decided
 * again (the handler's `retryUntilDecided`), so usages recorded at the same moment all count. More
 * than is on board is a 400 and nothing is appended. Answers the batch as the usage leaves it.
 */
export async function recordUsage(deps: AppDeps, vesselId: string, batchId: string, body: unknown, context: CommandContext) {
  const command = usageCommand(batchId, body, context.now);
  await requireVessel(deps, vesselId);

  const result = await inventories.handle(deps, vesselId, command, context, { readModels: INVENTORY_READ_MODELS, retryUntilDecided: true });
  const batch = findBatch(result.state, batchId);
  if (!batch) throw batchNotFound();
  return { batch: batchAnswer(batch), position: result.position };
}

/** The command of a batch quantity PATCH body (reason 'count' unless given); a bad body is a 400. */
function adjustCommand(batchId: string, body: unknown): InventoryCommand {
  const form = formBody(body);
  const patch = batchQuantityPatchSchema.parse(form);
  return {
    type: 'AdjustBatch',
    batchId,
    newQuantity: patch.quantityOnBoard,
    reason: patch.reason,
    ...(patch.note !== undefined ? { note: patch.note } : {}),
    ...(patch.version !== undefined ? { expectedVersion: patch.version } : {}),
    // A reason the sender named (not the default): an unchanged figure is then a stock-take.
    confirmUnchanged: typeof form.reason === 'string' && form.reason.trim() !== '',
  };
}

/** The command of a usage body, decided against `now`'s day; a bad body is a 400. */
function usageCommand(batchId: string, body: unknown, now: Date): InventoryCommand {
  const usage = batchUsageSchema.parse(formBody(body));
  return {
    type: 'RecordUsage',
    batchId,
    quantityUsed: usage.quantityUsed,
    reason: usage.reason,
    ...(usage.crewMemberName !== undefined ? { crewMemberName: usage.crewMemberName } : {}),
    usageDate: usage.usageDate,
    today: isoToday(now),
    ...(usage.changeId !== undefined ? { changeId: usage.changeId } : {}),
  };
}

/** One change of a chest as its route takes it (the body a user sends), with its own context. */
export type ChestChange =
  | { kind: 'usage'; batchId: string; body: unknown; context: CommandContext }
  | { kind: 'quantity'; batchId: string; body: unknown; context: CommandContext };

/**
 * A run of changes to one vessel's chest, each the body of its route (POST .../usage, PATCH
 * .../inventory/{batchId}) with its own context, decided in order through the inventory handler's
 * handleAll and appended in one go: what a stock-take or a month of the medical log entered at
 * once amounts to. The demo enters its year of usage and counts this way, each change at its own
 * business time. Every body is parsed as its route parses it; the first change refused refuses the
 * whole run (400/404/409 as its route would answer), and nothing is appended. No wait for the read
 * models unless asked.
 */
export async function recordChestChanges(
  deps: AppDeps,
  vesselId: string,
  changes: readonly ChestChange[],
  options: { waitForReadModels?: boolean } = {},
): Promise<{ position?: LogPosition; state: InventoryState }> {
  const commands = changes.map((change) => ({
    command: change.kind === 'usage' ? usageCommand(change.batchId, change.body, change.context.now) : adjustCommand(change.batchId, change.body),
    metadata: change.context,
  }));
  await requireVessel(deps, vesselId);
  const result = await inventories.handleAll(deps, vesselId, commands, { readModels: options.waitForReadModels ? INVENTORY_READ_MODELS : [] });
  return { position: result.position, state: result.state };
}

/**
 * GET /api/vessels/{id}/inventory, first version: the vessel's inventory stream folded.
 * TODO: move to the batches read model (`listVesselBatches`) once projections/src/inventory-batches
 * lands; the answer shape (BatchAnswer) stays the same.
 */
/** The vessel's batches, from the batches read model (queries never fold events). */
export async function listInventory(deps: AppDeps, vesselId: string): Promise<BatchAnswer[]> {
  if (!(await getVessel(deps.db, vesselId))) throw vesselNotFound();
  return listVesselBatches(deps.db, vesselId);
}

/** GET /api/vessels/{id}/hierarchical-inventory: the chest by scale section, item and batch, for today. */
export async function hierarchicalInventory(deps: AppDeps, vesselId: string, now: Date): Promise<HierarchicalInventory> {
  const inventory = await getHierarchicalInventory(deps.db, vesselId, isoToday(now));
  if (!inventory) throw vesselNotFound();
  return inventory;
}

import type { InventoryEvent } from './events';

/** A batch on a vessel's record, as the inventory stream's events leave it. */
export interface InventoryBatch {
  batchId: string;
  vesselId: string;
  scaleId: string;
  batchNumber: number;
  productName?: string;
  /** Units on board now (the spec's quantityOnBoard). */
  quantity: number;
  expiryDate?: string;
  conditionNotes?: string;
  /**
   * The stream revision of the last event that changed this batch: what a client sends back with
   * an absolute count to say which figure it corrected (a stale one answers 409). Per batch rather
   * than the stream's revision, so a change to one batch never makes an edit of another stale on a
   * chest of hundreds; and a revision of the log rather than a counter, so the read model takes it
   * from the event itself (event.revision) instead of restating a counting rule.
   */
  version: number;
}

/** What the events of one inventory stream add up to. */
export interface InventoryView {
  /** The batches on record by id, in the order they were added (removed ones are gone). */
  batches: ReadonlyMap<string, InventoryBatch>;
  /** Every import id already recorded, so the same import is never recorded twice. */
  importIds: ReadonlySet<string>;
  /** Every usage entry's sender id already recorded (BatchUsageRecorded.changeId), so a re-sent entry counts once. */
  usageChangeIds: ReadonlySet<string>;
}

/**
 * The inventory stream's state: the events folded so far, as a persistent list (each state points
 * at the one before it). Read it with inventoryView(), findBatch() or inventoryBatches().
 *
 * Why not a map of batches copied on every event: a command loads the whole stream through
 * evolve, and a chest's stream grows to thousands of events (some 600 batches, their counts and
 * adjustments, the imports). Copying a map of 600 batches per event made folding 10,000 events
 * take about a second. Here evolve is O(1) and never touches the state it is given (so it stays
 * pure: every earlier state still reads as it did), and the batches are folded once, on first
 * read, starting from the nearest earlier state already read, and remembered for that state.
 */
export interface InventoryState {
  readonly previous: InventoryState | null;
  readonly event: InventoryEvent | null;
  /** Number of events folded. */
  readonly length: number;
}

export const initialInventoryState = (): InventoryState => ({ previous: null, event: null, length: 0 });

export function evolveInventory(state: InventoryState, event: InventoryEvent): InventoryState {
  return { previous: state, event, length: state.length + 1 };
}

interface MutableView {
  batches: Map<string, InventoryBatch>;
  importIds: Set<string>;
  usageChangeIds: Set<string>;
}

/**
 * What one event does to the batches: the single place the inventory events are interpreted
 * (evolve's views, foldInventory and batchesAsOf all come here). Total: an event about a batch
 * that is not on record changes nothing (the deciders never emit one).
 */
function applyInventoryEvent(view: MutableView, event: InventoryEvent, revision: number): void {
  switch (event.type) {
    case 'BatchAdded': {
      const { batchId, vesselId, scaleId, batchNumber, productName, quantity, expiryDate, conditionNotes } = event.data;
      view.batches.set(batchId, {
        batchId,
        vesselId,
        scaleId,
        batchNumber,
        quantity,
        version: revision,
        ...(productName !== undefined ? { productName } : {}),
        ...(expiryDate !== undefined ? { expiryDate } : {}),
        ...(conditionNotes !== undefined ? { conditionNotes } : {}),
      });
      return;
    }
    case 'BatchAdjusted': {
      const batch = view.batches.get(event.data.batchId);
      if (batch) view.batches.set(batch.batchId, { ...batch, quantity: event.data.newQuantity, version: revision });
      return;
    }
    case 'BatchUsageRecorded': {
      // The decider took the units off the figure on record at this very revision (the append
      // expected it), so the remaining figure it recorded is that difference applied.
      const batch = view.batches.get(event.data.batchId);
      if (batch) view.batches.set(batch.batchId, { ...batch, quantity: event.data.quantityRemaining, version: revision });
      if (event.data.changeId !== undefined) view.usageChangeIds.add(event.data.changeId);
      return;
    }
    case 'BatchRemoved':
      view.batches.delete(event.data.batchId);
      return;
    case 'InventoryImported':
      view.importIds.add(event.data.importId);
      return;
  }
}

const views = new WeakMap<InventoryState, InventoryView>();

/** The batches and imports a state stands for (folded on first read, then remembered). */
export function inventoryView(state: InventoryState): InventoryView {
  const known = views.get(state);
  if (known) return known;

  // Walk back to the nearest state already read (or the start), then fold forward from there.
  const pending: { event: InventoryEvent; revision: number }[] = [];
  let base: InventoryView | undefined;
  for (let s: InventoryState | null = state; s; s = s.previous) {
    base = views.get(s);
    if (base) break;
    // The state after the stream's n-th event has length n: that event is revision n - 1.
    if (s.event) pending.push({ event: s.event, revision: s.length - 1 });
  }
  const view: MutableView = {
    batches: new Map(base?.batches ?? []),
    importIds: new Set(base?.importIds ?? []),
    usageChangeIds: new Set(base?.usageChangeIds ?? []),
  };
  for (let i = pending.length - 1; i >= 0; i--) applyInventoryEvent(view, pending[i].event, pending[i].revision);
  views.set(state, view);
  return view;
}

/** The batches on record, in the order they were added. */
export function inventoryBatches(state: InventoryState): InventoryBatch[] {
  return [...inventoryView(state).batches.values()];
}

export function findBatch(state: InventoryState, batchId: string): InventoryBatch | undefined {
  return inventoryView(state).batches.get(batchId);
}

/**
 * Where a fold of an inventory stream starts when it does not start at the beginning: the batches
 * (in the order they were added) after the stream's event at `revision`, as foldInventory gave them.
 */
export interface InventoryFoldStart {
  revision: number;
  batches: readonly InventoryBatch[];
}

/**
 * The batches a list of events leaves, in the order they were added (one pass, no state chain).
 * The events are the stream's from its start (a prefix of it for an as-of view), or, with `from`,
 * the events right after from.revision, so each event's revision is known from its place.
 */
export function foldInventory(events: Iterable<InventoryEvent>, from?: InventoryFoldStart): InventoryBatch[] {
  const view: MutableView = {
    batches: new Map(from?.batches.map((batch) => [batch.batchId, batch])),
    importIds: new Set(),
    usageChangeIds: new Set(),
  };
  let revision = from ? from.revision + 1 : 0;
  for (const event of events) applyInventoryEvent(view, event, revision++);
  return [...view.batches.values()];
}

import { createStore, del, entries, get, set } from 'idb-keyval';
import { ApiError, apiJson } from '../../lib/api';

/**
 * Changes a captain makes at sea (issue 12): a stock count or a usage entry is kept on the device
 * (IndexedDB) first, then sent; one made offline waits there until the connection returns. Each
 * carries the stock version it was made against, so a count that crosses a change made meanwhile
 * comes back 409 and is kept as a conflict for the captain to resolve: never silently overwritten,
 * never lost. A usage is a difference (it never conflicts) but can be refused (400, e.g. more than
 * is on board now): it is kept too, with the server's reason, until the captain dismisses it.
 */
export type PendingChange =
  | {
      id: string;
      kind: 'quantity';
      vesselId: string;
      batchId: string;
      label: string;
      quantityOnBoard: number;
      /** The batch version the count was made against; absent when the server gave none. */
      version?: number;
      createdAt: string;
      state: 'pending' | 'conflict' | 'refused';
      /** For a conflict: the quantity on record now; for a refusal: the server's reason. */
      problem?: string;
      currentQuantity?: number;
      currentVersion?: number;
    }
  | {
      id: string;
      kind: 'usage';
      vesselId: string;
      batchId: string;
      label: string;
      quantityUsed: number;
      reason: string;
      crewMemberName: string;
      usageDate: string;
      version?: number;
      createdAt: string;
      state: 'pending' | 'conflict' | 'refused';
      problem?: string;
      currentQuantity?: number;
      currentVersion?: number;
    };

const store = typeof indexedDB === 'undefined' ? undefined : createStore('medchest-captain', 'pending-changes');
const listeners = new Set<() => void>();
let flushing: Promise<void> | undefined;

export function onQueueChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
const changed = () => listeners.forEach((listener) => listener());

export async function listChanges(): Promise<PendingChange[]> {
  if (!store) return [];
  const all = await entries<string, PendingChange>(store);
  return all.map(([, change]) => change).sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
}

/** Keep a change on the device, then try to send everything waiting. */
type NewChange = PendingChange extends infer C ? (C extends PendingChange ? Omit<C, 'id' | 'createdAt' | 'state'> : never) : never;

/**
 * What became of a change once the queue was sent: 'sent' (the server took it), 'pending' (kept
 * for later: offline), or 'conflict' / 'refused' (kept, shown to the captain to resolve).
 */
export type ChangeOutcome = 'sent' | PendingChange['state'];

/**
 * The versions this device's own changes moved each batch through (from → to), from the server's
 * answers. A count made on a screen that has not yet reloaded after the captain's own last change
 * carries the version that change replaced: it is no conflict, so it goes out against the new one.
 */
const ownChanges = new Map<string, { from?: number; to: number }>();

function rememberOwnChange(change: PendingChange, answer: unknown): void {
  const version = (answer as { version?: unknown } | null)?.version;
  if (typeof version === 'number') ownChanges.set(change.batchId, { from: change.version, to: version });
}

function againstOwnLastChange<C extends { batchId: string; version?: number }>(change: C): C {
  const own = ownChanges.get(change.batchId);
  return own && change.version !== undefined && own.from === change.version ? { ...change, version: own.to } : change;
}

export async function enqueue(change: NewChange): Promise<ChangeOutcome> {
  const id = `${Date.now().toString(36)}-${crypto.randomUUID()}`;
  const full = { ...againstOwnLastChange(change), id, createdAt: new Date().toISOString(), state: 'pending' } as PendingChange;
  if (store) await set(id, full, store);
  changed();
  await flush();
  // Gone from the device: the server answered it.
  const kept = store ? await get<PendingChange>(id, store) : undefined;
  return kept?.state ?? 'sent';
}

export async function discard(id: string): Promise<void> {
  if (store) await del(id, store);
  changed();
}

/** Send the change again against the figure now on record (the captain chose theirs). */
export async function retryAgainstCurrent(change: PendingChange): Promise<void> {
  const next = { ...change, version: change.currentVersion ?? change.version, state: 'pending', problem: undefined } as PendingChange;
  if (store) await set(change.id, next, store);
  changed();
  await flush();
}

async function send(change: PendingChange): Promise<void> {
  const base = `/api/vessels/${change.vesselId}/inventory/${change.batchId}`;
  if (change.kind === 'quantity') {
    const answer = await apiJson('PATCH', base, { quantityOnBoard: change.quantityOnBoard, ...(change.version === undefined ? {} : { version: change.version }) });
    rememberOwnChange(change, answer);
  } else {
    const answer = await apiJson('POST', '/api/captain/usage', {
      batchId: change.batchId,
      quantityUsed: change.quantityUsed,
      reason: change.reason,
      crewMemberName: change.crewMemberName,
      usageDate: change.usageDate,
      // A difference needs no version. The queue's id is the entry's: sent again after an answer
      // lost on the way back, the server records it once.
      changeId: change.id,
    });
    rememberOwnChange(change, answer);
  }
}

const bodyOf = (error: ApiError): { message?: string; batch?: { quantityOnBoard?: number; version?: number } } => {
  try {
    return JSON.parse(error.bodyText) as never;
  } catch {
    return {};
  }
};

/**
 * Send every pending change, oldest first, one at a time (each is applied once: it leaves the
 * device only after the server's answer). Stops at the first connection failure; the next
 * 'online' event or page load goes on from there.
 */
export function flush(): Promise<void> {
  flushing ??= (async () => {
    try {
      // One at a time, reading the queue again each turn: a change queued while sending is sent too.
      for (;;) {
        const change = (await listChanges()).find((c) => c.state === 'pending');
        if (!change) return;
        if (typeof navigator !== 'undefined' && !navigator.onLine) return;
        try {
          await send(change);
          if (store) await del(change.id, store);
        } catch (error) {
          if (!(error instanceof ApiError)) return; // the connection dropped: try again later
          if (error.status === 401) return; // signed out: keep everything for after the login
          const body = bodyOf(error);
          if (error.status === 409 && change.kind === 'quantity' && body.batch?.quantityOnBoard === change.quantityOnBoard) {
            // The count is already what is on record (its first send got through, the answer did not).
            if (store) await del(change.id, store);
            changed();
            continue;
          }
          const kept = {
            ...change,
            state: error.status === 409 ? 'conflict' : 'refused',
            problem: body.message ?? error.message,
            currentQuantity: body.batch?.quantityOnBoard,
            currentVersion: body.batch?.version,
          } as PendingChange;
          if (store) await set(change.id, kept, store);
        }
        changed();
      }
    } finally {
      flushing = undefined;
      changed();
    }
  })();
  return flushing;
}

if (typeof window !== 'undefined') window.addEventListener('online', () => void flush());

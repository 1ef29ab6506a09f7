import { randomUUID } from 'node:crypto';
import { certificateFileName, DomainError, isoToday, orderStreamId, PDF_MAGIC, type OrderEvent, type VesselFormInput } from '@medchest/domain';
import { demoCertificatePdf } from '@medchest/domain/certificate/demoCertificatePdf';
import { comparePositions, type LogPosition } from '@medchest/eventstore';
import type { AppDeps, CommandContext } from '@medchest/command-api/commands/context';
import { bulkImport, recordChestChanges, type ChestChange } from '@medchest/command-api/commands/inventory';
import { acknowledgeOrder, assignVendor, changeOrderStatus, createOrder } from '@medchest/command-api/commands/orders';
import { vessels } from '@medchest/command-api/commands/streams';
import { createVessel, recordCertificate } from '@medchest/command-api/commands/vessels';
import { MEDCHEST_NAMESPACE, uuidV5 } from '@medchest/command-api/ids';
import { createPostgresFileStore, type FileStore } from '@medchest/projections';
import { DEMO_CHEST_FILE_NAME } from '../chests';
import type { DemoCertificate } from '../fleet';
import { batchKey, isChestStep, type BatchRef, type ChestStep, type HistoryStep, type PlannedOrder, type VesselHistoryPlan } from './plan';

/**
 * Enters the demo's past (history/plan.ts) through the product's own command functions, the ones
 * the routes call, each with the business time of its step as the command's `now`: the events
 * record that moment as their occurredAt and the deciders judge it as that day (a usage is not
 * "in the future", a certificate is expired the day after its date). Nothing here decides or
 * appends on its own.
 *
 * The fleet's steps run in time order across the vessels, so orders are numbered in the order
 * they were made. A vessel's chest changes (usage, counts) go in as few appends as its stream's
 * time order allows: all those before its next order or delivery in one (recordChestChanges,
 * through the inventory handler's handleAll, each change with its own time). A year of a chest is
 * hundreds of changes, and one command each would make the first start slow. Nothing waits for
 * the read models: the caller waits once at the end.
 */

export interface DemoVesselRun {
  vesselId: string;
  /** The vessel's place in the demo fleet: steps at the same moment go in fleet order. */
  index: number;
  vessel: VesselFormInput;
  plan: VesselHistoryPlan;
}

export interface HistoryRunReport {
  /** The position of the last event appended, if any. */
  last?: LogPosition;
  vesselsCreated: number;
  chestsStocked: number;
}

/** The import of a vessel's chest and its batches have fixed ids, like the seed's always had. */
export const demoChestIds = (vesselId: string) => ({
  importId: uuidV5(`demo-chest:${vesselId}`, MEDCHEST_NAMESPACE),
  batchId: (ref: BatchRef) => uuidV5('final' in ref ? `demo-chest:${vesselId}:${ref.final}` : `demo-chest:${vesselId}:old:${ref.old}`, MEDCHEST_NAMESPACE),
});

type SyncStep = Exclude<HistoryStep, ChestStep> | { kind: 'joined'; at: Date };

/** How many vessels' steps are entered at once: most of a command's time is waiting on the database. */
const WAVE = 4;

export async function runHistory(
  deps: AppDeps,
  runs: readonly DemoVesselRun[],
  people: { office: string | null; correlationPrefix: string },
  log?: { info(msg: string): void },
): Promise<HistoryRunReport> {
  const report: HistoryRunReport = { vesselsCreated: 0, chestsStocked: 0 };
  const advance = (position: LogPosition | undefined) => {
    if (position && (!report.last || comparePositions(position, report.last) > 0)) report.last = position;
  };
  let requests = 0;
  const context = (at: Date, userId: string | null = people.office): CommandContext => ({
    userId,
    correlationId: `${people.correlationPrefix}-${++requests}`,
    now: at,
  });
  let files: FileStore | undefined;

  const state = new Map(
    runs.map((run) => [
      run,
      {
        skipped: false,
        ids: new Map<string, string>(),
        orders: new Map<number, { orderId: string; itemIds: Map<string, string> }>(),
        chest: run.plan.steps.filter(isChestStep),
        entered: 0,
      },
    ]),
  );
  const batchId = (run: DemoVesselRun, ref: BatchRef) => {
    const id = state.get(run)!.ids.get(batchKey(ref));
    if (!id) throw new Error(`Demo history of ${run.vessel.vesselName}: batch ${batchKey(ref)} is not on board yet`);
    return id;
  };

  /** The vessel's chest changes before `until` (all of them without), in one append. */
  const flush = async (run: DemoVesselRun, until?: Date) => {
    const own = state.get(run)!;
    const due: ChestStep[] = [];
    while (own.entered < own.chest.length && (!until || own.chest[own.entered].at < until)) due.push(own.chest[own.entered++]);
    if (own.skipped || due.length === 0) return;
    const changes: ChestChange[] = due.map((step) =>
      step.kind === 'usage'
        ? {
            kind: 'usage',
            batchId: batchId(run, step.batch),
            body: { quantityUsed: step.quantityUsed, reason: step.reason, crewMemberName: step.crewMemberName, usageDate: step.usageDate },
            context: context(step.at),
          }
        : {
            kind: 'quantity',
            batchId: batchId(run, step.batch),
            body: { quantityOnBoard: step.quantityOnBoard, reason: step.reason, note: step.note },
            context: context(step.at),
          },
    );
    advance((await recordChestChanges(deps, run.vesselId, changes)).position);
  };

  const sync: { run: DemoVesselRun; step: SyncStep; seq: number }[] = [];
  for (const run of runs) {
    sync.push({ run, step: { kind: 'joined', at: run.plan.joinedAt }, seq: 0 });
    run.plan.steps.forEach((step, seq) => {
      if (!isChestStep(step)) sync.push({ run, step, seq: seq + 1 });
    });
  }
  sync.sort((a, b) => a.step.at.getTime() - b.step.at.getTime() || a.run.index - b.run.index || a.seq - b.seq);

  const enter = async ({ run, step }: (typeof sync)[number]) => {
    const own = state.get(run)!;
    if (own.skipped) return;
    // The chest's changes before a step that reads the chest (an order's figures) or appends to it
    // (a delivery): its stream stays in time order, and the order sees the chest of its day.
    if (step.kind === 'orderCreated' || step.kind === 'orderDelivered') await flush(run, step.at);
    const { vesselId } = run;
    switch (step.kind) {
      case 'joined': {
        try {
          advance((await createVessel(deps, run.vessel, context(step.at), { vesselId, waitForReadModels: false })).position);
          report.vesselsCreated++;
        } catch (error) {
          // Someone already registered a vessel with this IMO number: theirs wins, the demo skips it.
          if (!(error instanceof DomainError && error.kind === 'conflict')) throw error;
          log?.info(`Demo vessel ${run.vessel.vesselName} skipped: ${error.message}`);
          own.skipped = true;
        }
        break;
      }
      case 'chestImported': {
        const ids = demoChestIds(vesselId);
        const result = await bulkImport(
          deps,
          vesselId,
          { fileName: DEMO_CHEST_FILE_NAME, items: step.rows.map((r) => r.row) },
          context(step.at),
          { waitForReadModels: false, ids: { importId: ids.importId, batchId: (i) => ids.batchId(step.rows[i].batch) } },
        );
        // The rows are generated against the same scale; a refused one is a bug in the generator,
        // and would shift every batch id after it.
        if (result.errorCount > 0) throw new Error(`Demo chest of ${run.vessel.vesselName}: ${result.errors.join('; ')}`);
        for (const { batch } of step.rows) own.ids.set(batchKey(batch), ids.batchId(batch));
        advance(result.position);
        report.chestsStocked++;
        break;
      }
      case 'certificateRecorded': {
        const { expiryDate, certificateIssuer, issueDate } = step.certificate;
        const file = await storeDemoCertificate((files ??= createPostgresFileStore(deps.db)), step.certificate, step.at);
        advance((await recordCertificate(deps, vesselId, { expiryDate, certificateIssuer, issueDate, file }, context(step.at), { waitForReadModels: false })).position);
        break;
      }
      case 'certificateExpired': {
        // The daily scan's command (workers/src/certificates/scan.ts), on the day after the expiry.
        const day = isoToday(step.at);
        const result = await vessels.handle(
          deps,
          vesselId,
          { type: 'ExpireCertificate', vesselId, today: day },
          { userId: null, correlationId: `certificate-scan-${day}`, now: step.at },
        );
        advance(result.position);
        break;
      }
      case 'orderCreated': {
        const body = {
          vesselId,
          orderData: { expiryThreshold: step.order.expiryThreshold, notes: step.order.notes },
          orderItems: step.order.lines.map(({ scaleId, orderQuantity, unitCost }) => ({ scaleId, orderQuantity, unitCost })),
        };
        const { order, position } = await createOrder(deps, body, context(step.at), { waitForReadModels: false });
        own.orders.set(step.order.key, { orderId: order.id, itemIds: new Map(order.orderItems.map((item) => [item.scaleId, item.id])) });
        advance(position);
        break;
      }
      case 'orderApproved':
        advance((await changeOrderStatus(deps, orderOf(run, step.order), { status: 'approved' }, context(step.at), { waitForReadModels: false })).position);
        break;
      case 'orderSent': {
        const { supplierName, supplierEmail } = step.order;
        advance((await assignVendor(deps, orderOf(run, step.order), { supplierName, supplierEmail }, context(step.at), { waitForReadModels: false })).position);
        break;
      }
      case 'orderAcknowledged':
        // The supplier's move, through their portal: no account of ours.
        advance((await acknowledgeOrder(deps, orderOf(run, step.order), context(step.at, null), { waitForReadModels: false })).position);
        break;
      case 'orderDelivered': {
        const { itemIds } = own.orders.get(step.order.key)!;
        const receivedItems = step.order.lines.map((line) => ({
          orderItemId: itemIds.get(line.scaleId)!,
          quantityReceived: line.orderQuantity,
          batchNumber: line.batchNumber,
          ...(line.expiryDate ? { expiryDate: line.expiryDate } : {}),
        }));
        const orderId = orderOf(run, step.order);
        advance((await changeOrderStatus(deps, orderId, { status: 'delivered', receivedItems }, context(step.at), { waitForReadModels: false })).position);
        // The batches the receipt added (their ids are the API's), as the order's receipt names them.
        const receipts = (await deps.store.readStream(orderStreamId(orderId)))
          .map((stored) => deps.codec.parse(stored.type, stored.version, stored.data) as OrderEvent)
          .flatMap((event) => (event.type === 'OrderItemsReceived' ? event.data.items : []));
        for (const line of step.order.lines) {
          const batchId = receipts.find((item) => item.scaleId === line.scaleId)?.batchId;
          if (!batchId) throw new Error(`Demo order of ${run.vessel.vesselName}: ${line.scaleId} was not received`);
          own.ids.set(batchKey({ final: line.receivedAs }), batchId);
        }
        break;
      }
    }
  };

  // In waves of a few vessels' next steps at once (each vessel's own streams stay in order, and no
  // two orders are numbered at once, so their numbers follow their dates).
  for (let next = 0; next < sync.length; ) {
    const wave: (typeof sync)[number][] = [];
    const inWave = new Set<DemoVesselRun>();
    while (next < sync.length && wave.length < WAVE && !inWave.has(sync[next].run) && !(sync[next].step.kind === 'orderCreated' && wave.some((w) => w.step.kind === 'orderCreated'))) {
      inWave.add(sync[next].run);
      wave.push(sync[next++]);
    }
    await Promise.all(wave.map(enter));
  }

  function orderOf(run: DemoVesselRun, order: PlannedOrder): string {
    return state.get(run)!.orders.get(order.key)!.orderId;
  }

  // The rest of each chest's year, vessel by vessel (a few at a time: each is its own stream).
  const rest = [...runs];
  await Promise.all(
    Array.from({ length: WAVE }, async () => {
      for (let run = rest.shift(); run; run = rest.shift()) await flush(run);
    }),
  );
  return report;
}

/** A demo certificate's PDF (generated now, a few milliseconds), stored and kept for good. */
export async function storeDemoCertificate(files: FileStore, certificate: DemoCertificate, now: Date) {
  const bytes = await demoCertificatePdf(certificate);
  const stored = await files.put([bytes], { maxBytes: Number.MAX_SAFE_INTEGER, headBytes: PDF_MAGIC.length, keep: true, now });
  return { sha256: stored.sha256, fileName: certificateFileName(certificate.vesselName, certificate.expiryDate), sizeBytes: stored.sizeBytes };
}

/** A fresh correlation prefix per seeding run (every command of the run is `seed-<run>-<n>`). */
export const seedCorrelationPrefix = () => `seed-${randomUUID()}`;

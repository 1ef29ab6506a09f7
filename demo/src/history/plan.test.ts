import { evaluateChest, medicalProfileOf, vesselFormSchema, type ChestBatch, type VesselStatus } from '@medchest/domain';
import { loadShippedScale } from '@medchest/domain/scale/loadShipped.node';
import { describe, expect, it } from 'vitest';
import { demoChest, demoChestStatus, isControlledDrug } from '../chests';
import { addDays, demoCertificates, demoFleet } from '../fleet';
import {
  batchKey,
  HISTORY_DAYS,
  planVesselHistory,
  RECOVERED_DELIVERED_DAYS_AGO,
  RECOVERED_EXPIRED_DAYS_AGO,
  RECOVERED_VESSEL_IMO,
  type BatchRef,
  type HistoryStep,
  type VesselHistoryPlan,
} from './plan';

const today = '2026-03-10';
const scale = loadShippedScale();
const fleet = demoFleet(today);
const certificates = new Map(demoCertificates(today).map((c) => [c.imoNumber, c]));

const plans = fleet.map((vessel, index) => {
  const imoNumber = String(vessel.imoNumber);
  const profile = medicalProfileOf(vesselFormSchema.parse(vessel));
  const chest = demoChest({ scale, profile, imoNumber, today, target: demoChestStatus(imoNumber) });
  const plan = planVesselHistory({
    today,
    index,
    fleetSize: fleet.length,
    imoNumber,
    crewSize: profile.crewSize,
    scale,
    profile,
    chest,
    certificate: certificates.get(imoNumber),
    resupplied: index % 3 === 1,
  });
  return { vessel, imoNumber, profile, chest, plan };
});

const day = (date: Date) => date.toISOString().slice(0, 10);

/** The chest as the plan leaves it at the end of `asOf`: each batch's item, quantity and expiry. */
function chestOn(plan: VesselHistoryPlan, chest: ReturnType<typeof demoChest>, asOf: string) {
  const batches = new Map<string, ChestBatch & { ref: BatchRef }>();
  for (const step of plan.steps) {
    if (day(step.at) > asOf) break;
    apply(batches, step, chest);
  }
  return batches;
}

function apply(batches: Map<string, ChestBatch & { ref: BatchRef }>, step: HistoryStep, chest: ReturnType<typeof demoChest>) {
  switch (step.kind) {
    case 'chestImported':
      for (const { batch, row } of step.rows) batches.set(batchKey(batch), { ref: batch, scaleId: row.scaleId, quantity: row.quantityOnBoard, expiryDate: row.expiryDate });
      break;
    case 'orderDelivered':
      for (const line of step.order.lines) {
        const row = chest[line.receivedAs];
        batches.set(batchKey({ final: line.receivedAs }), { ref: { final: line.receivedAs }, scaleId: line.scaleId, quantity: line.orderQuantity, expiryDate: row.expiryDate });
      }
      break;
    case 'usage': {
      const batch = batches.get(batchKey(step.batch))!;
      if (step.quantityUsed > batch.quantity) throw new Error(`used ${step.quantityUsed} of ${batch.quantity}`);
      if (batch.expiryDate && batch.expiryDate < day(step.at)) throw new Error(`used an expired batch on ${day(step.at)}`);
      batch.quantity -= step.quantityUsed;
      break;
    }
    case 'count':
      batches.get(batchKey(step.batch))!.quantity = step.quantityOnBoard;
      break;
    default:
  }
}

const statusOn = (p: (typeof plans)[number], asOf: string): VesselStatus =>
  evaluateChest(scale, p.profile, [...chestOn(p.plan, p.chest, asOf).values()], asOf).status;

describe('the demo fleet’s year', () => {
  it('starts when each vessel joins, 366 to 372 days ago, and keeps every step between that morning and yesterday, in time order', () => {
    for (const { plan, vessel } of plans) {
      const joined = day(plan.joinedAt);
      expect(joined >= addDays(today, -HISTORY_DAYS) && joined <= addDays(today, -366), vessel.vesselName).toBe(true);
      const times = plan.steps.map((s) => s.at.getTime());
      expect(times).toEqual([...times].sort((a, b) => a - b));
      expect(plan.steps[0].at.getTime()).toBeGreaterThan(plan.joinedAt.getTime());
      expect(day(plan.steps.at(-1)!.at) < today).toBe(true);
      // The chest comes on board the morning it joins, before anything is done to it.
      expect(plan.steps.find((s) => s.kind !== 'certificateRecorded')?.kind).toBe('chestImported');
    }
    // Fleet order is join order, so the vessel list reads as it always did.
    const joins = plans.map((p) => p.plan.joinedAt.getTime());
    expect(joins).toEqual([...joins].sort((a, b) => a - b));
  });

  it('ends on exactly today’s demo chest: every batch of it with its quantity, the batches replaced during the year at 0', () => {
    for (const p of plans) {
      const batches = chestOn(p.plan, p.chest, today);
      p.chest.forEach((row, index) => {
        const batch = batches.get(batchKey({ final: index }));
        expect(batch, `${p.vessel.vesselName} row ${index}`).toMatchObject({ scaleId: row.scaleId, quantity: row.quantityOnBoard, expiryDate: row.expiryDate });
      });
      for (const batch of batches.values()) if ('old' in batch.ref) expect(batch.quantity).toBe(0);
    }
  });

  it('never uses more than is on board, nor an expired batch; usage runs all year', () => {
    for (const p of plans) {
      // apply() throws on either; replay the whole year.
      expect(() => chestOn(p.plan, p.chest, today)).not.toThrow();
      const usage = p.plan.steps.filter((s) => s.kind === 'usage');
      expect(usage.length, p.vessel.vesselName).toBeGreaterThanOrEqual(12);
      expect(new Set(usage.map((s) => day(s.at).slice(0, 7))).size).toBeGreaterThanOrEqual(10);
    }
  });

  it('counts the controlled drugs every month and the medicines once a year, each count the figure on board then', () => {
    for (const p of plans) {
      const counts = p.plan.steps.filter((s) => s.kind === 'count' && s.reason === 'count');
      const register = counts.filter((s) => s.kind === 'count' && s.note.startsWith('Controlled drugs register'));
      if (p.chest.some((r) => isControlledDrug(r.scaleId))) expect(new Set(register.map((s) => day(s.at))).size).toBeGreaterThanOrEqual(11);
      const inspection = counts.filter((s) => s.kind === 'count' && s.note.startsWith('Annual inspection'));
      expect(new Set(inspection.map((s) => day(s.at))).size, p.vessel.vesselName).toBe(1);
      expect(inspection.length).toBeGreaterThan(30);
      expect(inspection.filter((s) => s.kind === 'count' && s.note.endsWith('found short')).length).toBeGreaterThanOrEqual(1);
    }
  });

  it('has every vessel compliant or only expiring soon on the day it joined: today’s faults all came during the year', () => {
    for (const p of plans) expect(['Compliant', 'Expiring Soon'], p.vessel.vesselName).toContain(statusOn(p, day(p.plan.joinedAt)));
    // Today is the demo's status, vessel by vessel.
    for (const p of plans) expect(statusOn(p, today), p.vessel.vesselName).toBe(demoChestStatus(p.imoNumber));
  });

  it('renews certificates that fall due in the year, a few after a lapse, and records the expiry of those not renewed', () => {
    const recorded = plans.map((p) => p.plan.steps.filter((s) => s.kind === 'certificateRecorded').length);
    expect(recorded.filter((n) => n === 2).length).toBeGreaterThan(15);
    const lapses = plans.filter((p) => {
      const kinds = p.plan.steps.filter((s) => s.kind === 'certificateRecorded' || s.kind === 'certificateExpired').map((s) => s.kind);
      return kinds.join() === 'certificateRecorded,certificateExpired,certificateRecorded';
    });
    expect(lapses.length).toBeGreaterThanOrEqual(2);
    for (const name of ['Nordic Aurora', 'Aegean Star']) {
      const p = plans.find((x) => x.vessel.vesselName === name)!;
      expect(p.plan.steps.some((s) => s.kind === 'certificateExpired'), name).toBe(true);
    }
  });

  it('orders replacements before batches expire, delivered through the whole cycle, and lands the expired ones ashore', () => {
    const ordered = plans.filter((p) => p.plan.steps.some((s) => s.kind === 'orderCreated'));
    expect(ordered.length).toBeGreaterThanOrEqual(8);
    for (const p of ordered) {
      expect(p.plan.steps.filter((s) => s.kind.startsWith('order')).map((s) => s.kind)).toEqual([
        'orderCreated',
        'orderApproved',
        'orderSent',
        'orderAcknowledged',
        'orderDelivered',
      ]);
      expect(p.plan.steps.some((s) => s.kind === 'count' && s.reason === 'disposal')).toBe(true);
    }
  });

  it('has Polar Navigator Critical from the day after its medicine expired until the replacement came, six months ago among those days, and Compliant today', () => {
    const p = plans.find((x) => x.imoNumber === RECOVERED_VESSEL_IMO)!;
    expect(p.vessel.vesselName).toBe('Polar Navigator');
    expect(statusOn(p, addDays(today, -RECOVERED_EXPIRED_DAYS_AGO))).not.toBe('Critical');
    for (const back of [RECOVERED_EXPIRED_DAYS_AGO - 1, 182, RECOVERED_DELIVERED_DAYS_AGO + 1]) expect(statusOn(p, addDays(today, -back)), `${back} days ago`).toBe('Critical');
    expect(statusOn(p, addDays(today, -RECOVERED_DELIVERED_DAYS_AGO))).not.toBe('Critical');
    expect(statusOn(p, today)).toBe('Compliant');
  });

  it('is the same plan every time', () => {
    const again = planVesselHistory({
      today,
      index: 3,
      fleetSize: fleet.length,
      imoNumber: plans[3].imoNumber,
      crewSize: plans[3].profile.crewSize,
      scale,
      profile: plans[3].profile,
      chest: plans[3].chest,
      certificate: certificates.get(plans[3].imoNumber),
      resupplied: false,
    });
    expect(again).toEqual(plans[3].plan);
  });
});

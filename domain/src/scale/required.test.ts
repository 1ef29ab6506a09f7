import { describe, expect, it } from 'vitest';
import { loadShippedScale } from './loadShipped.node';
import type { VesselMedicalProfile } from './profile';
import { formatRequirement, requiredQuantity, type Requirement } from './required';
import type { MedicalCategory, ScaleItem } from './scale';

const scale = loadShippedScale();
const item = (id: string) => {
  const found = scale.items.find((i) => i.id === id);
  if (!found) throw new Error(`No ${id} in the shipped scale`);
  return found;
};

const vessel = (overrides: Partial<VesselMedicalProfile> = {}): VesselMedicalProfile => ({
  category: 'A',
  crewSize: 20,
  womenOnBoard: false,
  carriesDangerousGoods: false,
  ...overrides,
});

/** What the test compares: kind, amount and unit, and the rules that applied. */
function summary(r: Requirement) {
  if (r.kind !== 'required') return r;
  return { kind: r.kind, amount: r.amount, unit: r.unit, appliedRules: r.appliedRules };
}
const required = (amount: number, unit: string, appliedRules: string[] = []) => ({ kind: 'required', amount, unit, appliedRules });
const notRequired = (reason: string) => ({ kind: 'not_required', reason });
const notSet = { kind: 'quantity_not_set' };

describe('required quantity of a scale item for a vessel', () => {
  it.each<[string, string, Partial<VesselMedicalProfile>, object]>([
    // Medicines: the category's absolute figure.
    ['aspirin, category A', 'IMGS01', {}, required(50, 'tablet')],
    ['aspirin, category B', 'IMGS01', { category: 'B' }, required(50, 'tablet')],
    ['aspirin, category C ("-": not carried)', 'IMGS01', { category: 'C' }, notRequired('not_carried_in_category')],
    ['aciclovir "70+", category A: the figure, marker kept aside', 'IMGS02', {}, required(70, 'tablet')],
    ['a big crew does not scale a medicine without a rule', 'IMGS01', { crewSize: 200 }, required(50, 'tablet')],
    ['charcoal "120g+": grams', 'IMGS11', {}, required(120, 'g')],
    ['hydrocortisone "2x30g": two tubes', 'IMGS24', {}, required(2, 'tube (cream)')],
    ['ORS "15l(75)": 75 sachets', 'IMGS40', {}, required(75, 'powder/sachet')],
    ['ORS category C "2l(10)+": 10 sachets', 'IMGS40', { category: 'C' }, required(10, 'powder/sachet')],
    ['docusate category B "-"', 'IMGS16', { category: 'B' }, notRequired('not_carried_in_category')],
    // double_if_crew_over_30
    ['artemether + lumefantrine, crew 30: not doubled', 'IMGS06', { crewSize: 30 }, required(24, 'tablet')],
    ['artemether + lumefantrine, crew 31: doubled', 'IMGS06', { crewSize: 31 }, required(48, 'tablet', ['double_if_crew_over_30'])],
    ['oral morphine, crew 40: 100 ml doubled', 'IMGS36', { crewSize: 40 }, required(200, 'ml', ['double_if_crew_over_30'])],
    ['ciprofloxacin, crew 31 but category C: not carried', 'IMGS12', { category: 'C', crewSize: 31 }, notRequired('not_carried_in_category')],
    // double_if_organophosphates
    ['atropine without dangerous goods', 'IMGS07', {}, required(10, 'ampoule')],
    ['atropine with dangerous goods: doubled', 'IMGS07', { carriesDangerousGoods: true }, required(20, 'ampoule', ['double_if_organophosphates'])],
    ['atropine, category B with dangerous goods', 'IMGS07', { category: 'B', carriesDangerousGoods: true }, required(10, 'ampoule', ['double_if_organophosphates'])],
    // only_if_women_on_board
    ['misoprostol without women on board', 'IMGS34', {}, notRequired('only_if_women_on_board')],
    ['misoprostol with women on board', 'IMGS34', { womenOnBoard: true }, required(3, 'tablet')],
    ['misoprostol, category C with women ("-" wins)', 'IMGS34', { category: 'C', womenOnBoard: true }, notRequired('not_carried_in_category')],
    // double_if_women_on_board
    ['miconazole without women', 'IMGS32', {}, required(2, 'tube (cream)')],
    ['miconazole with women: doubled', 'IMGS32', { womenOnBoard: true }, required(4, 'tube (cream)', ['double_if_women_on_board'])],
    // guidance-only flags change nothing
    ['salbutamol, per patient: the figure as is', 'IMGS47', { crewSize: 60, womenOnBoard: true, carriesDangerousGoods: true }, required(1, 'inhaler')],
    ['women and dangerous goods do not touch an unflagged item', 'IMGS42', { womenOnBoard: true, carriesDangerousGoods: true }, required(100, 'tablet')],
    // Supplies: per 10 crew × ceil(crew / 10), any category.
    ['adhesive dressings, crew 1', 'IMGS2.1', { crewSize: 1 }, required(200, 'each')],
    ['adhesive dressings, crew 10', 'IMGS2.1', { crewSize: 10 }, required(200, 'each')],
    ['adhesive dressings, crew 11', 'IMGS2.1', { crewSize: 11 }, required(400, 'each')],
    ['adhesive dressings, crew 25', 'IMGS2.1', { crewSize: 25 }, required(600, 'each')],
    ['adhesive dressings, crew 25, category C (no split for supplies)', 'IMGS2.1', { crewSize: 25, category: 'C' }, required(600, 'each')],
    ['stethoscope, crew 31', 'IMGS4.4', { crewSize: 31 }, required(4, 'each')],
    ['surgical gloves "3 of each size", crew 20', 'IMGS2.22', {}, required(6, 'each')],
    // No figure at all.
    ['eye pads (no figure in IMGS3)', 'IMGS2.2', {}, notSet],
    ['finger splint (no figure obtained)', 'IMGS7.1', { crewSize: 40 }, notSet],
  ])('%s', (_case, id, profile, expected) => {
    expect(summary(requiredQuantity(item(id), vessel(profile)))).toEqual(expected);
  });

  it('applies each doubling rule that holds: two make ×4', () => {
    const both: ScaleItem = { ...item('IMGS06'), ruleFlags: ['double_if_crew_over_30', 'double_if_women_on_board'] };
    const r = requiredQuantity(both, vessel({ crewSize: 31, womenOnBoard: true }));
    expect(summary(r)).toEqual(required(96, 'tablet', ['double_if_crew_over_30', 'double_if_women_on_board']));
  });

  it('an item with only some category figures is "not set" in the others', () => {
    const partial = { ...item('IMGS01'), quantities: { ...item('IMGS01').quantities, B: { kind: 'not_set' as const, raw: '' } } };
    expect(summary(requiredQuantity(partial, vessel({ category: 'B' })))).toEqual(notSet);
    expect(summary(requiredQuantity(partial, vessel({ category: 'A' })))).toEqual(required(50, 'tablet'));
  });

  it('keeps the basis, the "+" marker, the pack size and the scaled equivalent for display', () => {
    const ors = requiredQuantity(item('IMGS40'), vessel());
    expect(ors).toMatchObject({ basis: 'category', plus: false, equivalent: { amount: 15, unit: 'l' } });
    const miconazole = requiredQuantity(item('IMGS32'), vessel({ womenOnBoard: true }));
    expect(miconazole).toMatchObject({ packSize: { amount: 30, unit: 'g' } });
    expect(requiredQuantity(item('IMGS2.1'), vessel())).toMatchObject({ basis: 'per_10_crew', plus: false });
  });

  it.each<[string, Partial<VesselMedicalProfile>, string]>([
    ['IMGS02', {}, '70+ tablet'],
    ['IMGS06', { crewSize: 31 }, '48+ tablet'],
    ['IMGS11', {}, '120+ g'],
    ['IMGS32', { womenOnBoard: true }, '4 × 30 g'],
    ['IMGS40', {}, '75 powder/sachet (15 l)'],
    ['IMGS2.1', { crewSize: 11 }, '400 each'],
    ['IMGS34', {}, 'Not required'],
    ['IMGS7.1', {}, 'Quantity not set'],
  ])('%s reads "%s" in the Required column', (id, profile, text) => {
    expect(formatRequirement(requiredQuantity(item(id), vessel(profile)))).toBe(text);
  });

  it('gives every shipped item a requirement in every category without throwing', () => {
    const categories: MedicalCategory[] = ['A', 'B', 'C'];
    for (const category of categories) {
      for (const i of scale.items) {
        const r = requiredQuantity(i, vessel({ category, crewSize: 35, womenOnBoard: true, carriesDangerousGoods: true }));
        if (r.kind === 'required') expect(Number.isFinite(r.amount) && r.amount >= 0).toBe(true);
      }
    }
  });
});

/**
 * A quantity as a scale states it in one cell (`qty_cat_a`, `qty_cat_b`, `qty_cat_c` or
 * `qty_per_10_crew`), read into a number and a unit.
 *
 * The forms found in the shipped file (domain/data/imgs-scale.csv):
 *   "50"       a count of the item's own unit (50 tablets)
 *   "70+"      the same with a "+" marker (SOURCES.md: meaning unconfirmed, maybe a lost footnote
 *              marker); the figure is taken as the quantity and the marker kept for display
 *   "10ml"     an amount in a unit of measure (ml, l, g, ...), also with "+": "120g+", "100ml+"
 *   "2x30g"    a number of packs of a stated size: 2 of the item's unit (tubes), 30 g each
 *   "15l(75)"  a volume with the number of the item's unit in brackets (ORS: 75 sachets, each made
 *              up to 200 ml, make 15 l); the bracketed count is what is stocked and counted, so
 *              it is the quantity and the volume is kept as its equivalent; also with "+": "2l(10)+"
 *   "-"        not carried in that category
 *   ""         no figure at all: "Quantity not set"
 */

/** Units of measure a quantity may carry, as written in the file (lower case) → as stored. */
const MEASURE_UNITS: Record<string, string> = { mg: 'mg', g: 'g', kg: 'kg', ml: 'ml', l: 'l' };

export type StatedQuantity =
  | {
      kind: 'amount';
      /** The number to stock and count: in `unit`, or in the item's own unit when `unit` is null. */
      amount: number;
      unit: string | null;
      /** The file wrote a "+" after the figure (meaning unconfirmed; the figure is the quantity). */
      plus: boolean;
      /** "2x30g": each of the `amount` units holds this much. */
      packSize?: { amount: number; unit: string };
      /** "15l(75)": the `amount` units together make this much. */
      equivalent?: { amount: number; unit: string };
      raw: string;
    }
  | { kind: 'not_carried'; raw: string }
  | { kind: 'not_set'; raw: string };

export type QuantityParseResult = { ok: true; value: StatedQuantity } | { ok: false; error: string };

const NUMBER = String.raw`(\d+(?:\.\d+)?)`;
const UNIT = String.raw`([a-zA-Z]+)`;
/** "50", "70+", "10ml", "120g+", "15l(75)", "2l(10)+" */
const AMOUNT = new RegExp(String.raw`^${NUMBER}\s*${UNIT}?(?:\s*\(\s*(\d+)\s*\))?\s*(\+)?$`);
/** "2x30g", "1x25g" (also "2 × 30 g") */
const PACKS = new RegExp(String.raw`^(\d+)\s*[x×]\s*${NUMBER}\s*${UNIT}\s*(\+)?$`);

export const QUANTITY_FORMS_HINT = 'a number such as 50, 70+, 120g+, 2x30g or 15l(75), "-" for not carried, or empty';

function measureUnit(written: string): string | undefined {
  return MEASURE_UNITS[written.toLowerCase()];
}

/** Read one quantity cell. Never throws: anything unreadable is `{ ok: false, error }`. */
export function parseQuantity(cell: string | null | undefined): QuantityParseResult {
  const raw = (cell ?? '').trim();
  if (raw === '') return { ok: true, value: { kind: 'not_set', raw } };
  if (raw === '-') return { ok: true, value: { kind: 'not_carried', raw } };

  const packs = PACKS.exec(raw);
  if (packs) {
    const [, count, size, writtenUnit, plus] = packs;
    const unit = measureUnit(writtenUnit);
    if (!unit) return { ok: false, error: `"${raw}" has an unknown unit "${writtenUnit}"` };
    return {
      ok: true,
      value: { kind: 'amount', amount: Number(count), unit: null, plus: plus === '+', packSize: { amount: Number(size), unit }, raw },
    };
  }

  const amount = AMOUNT.exec(raw);
  if (amount) {
    const [, figure, writtenUnit, bracketCount, plus] = amount;
    const unit = writtenUnit === undefined ? null : measureUnit(writtenUnit);
    if (unit === undefined) return { ok: false, error: `"${raw}" has an unknown unit "${writtenUnit}"` };
    if (bracketCount !== undefined) {
      if (unit === null) return { ok: false, error: `"${raw}": a count in brackets needs a unit before it, as in 15l(75)` };
      return {
        ok: true,
        value: {
          kind: 'amount',
          amount: Number(bracketCount),
          unit: null,
          plus: plus === '+',
          equivalent: { amount: Number(figure), unit },
          raw,
        },
      };
    }
    return { ok: true, value: { kind: 'amount', amount: Number(figure), unit, plus: plus === '+', raw } };
  }

  return { ok: false, error: `"${raw}" is not a quantity (expected ${QUANTITY_FORMS_HINT})` };
}

/** How a stated amount reads to a person: "70+ tablet", "2 × 30 g", "75 (15 l)". */
export function formatStatedQuantity(q: StatedQuantity, itemUnit: string | null): string {
  if (q.kind === 'not_carried') return 'Not carried';
  if (q.kind === 'not_set') return 'Quantity not set';
  const plus = q.plus ? '+' : '';
  if (q.packSize) return `${q.amount}${plus} × ${q.packSize.amount} ${q.packSize.unit}`;
  const unit = q.unit ?? itemUnit;
  const main = unit ? `${q.amount}${plus} ${unit}` : `${q.amount}${plus}`;
  return q.equivalent ? `${main} (${q.equivalent.amount} ${q.equivalent.unit})` : main;
}

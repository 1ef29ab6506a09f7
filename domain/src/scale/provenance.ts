import type { StatusTone } from '../shared/tone';
import { formatStatedQuantity, type StatedQuantity } from './quantity';
import { MEDICAL_CATEGORIES, type Scale, type ScaleItem } from './scale';
import { SHIPPED_SCALE_METADATA } from './shipped';

/**
 * Where a scale's figures come from, written for a customer (issue 15, "Trust in the scale"): each
 * source with how far it can be trusted, and for each item which source backs which of its figures.
 * The shipped scale's sources are those of its source notes, named by what they are; an imported
 * scale has the one source its importer stated.
 */

export type Confidence = 'High' | 'Medium' | 'Low' | 'As stated by the importer';

/** The badge colour of each confidence: an importer's own word is neither vouched for nor doubted. */
export const CONFIDENCE_TONES: Record<Confidence, StatusTone> = {
  High: 'success',
  Medium: 'info',
  Low: 'warning',
  'As stated by the importer': 'neutral',
};

export interface ScaleSource {
  id: string;
  title: string;
  /** What the source is and what was read of it. */
  about: string;
  confidence: Confidence;
  /** Which figures of the scale rest on it. */
  backs: string;
}

export interface ItemFigureSource {
  /** "Name and form", "Quantity per 10 crew", "Quantities for categories A, B and C" … */
  figure: string;
  /** The figure as the scale states it ("50 / 50 / not carried"), when it is a quantity. */
  value?: string;
  sourceId: string | null;
  /** Said when no source gives the figure. */
  note?: string;
}

export interface ItemProvenance {
  id: string;
  section: string;
  description: string;
  formStrength: string;
  figures: ItemFigureSource[];
}

export interface ScaleProvenanceView {
  id: string;
  name: string;
  source: string;
  effectiveDate: string;
  sources: ScaleSource[];
  items: ItemProvenance[];
}

export const SHIPPED_SCALE_SOURCES: readonly ScaleSource[] = [
  {
    id: 'who-imgs3',
    title: 'WHO International Medical Guide for Ships, 3rd edition (2007), chapter 33',
    about: "The World Health Organization's own list of what a ship's medicine chest holds, read from the official text.",
    confidence: 'High',
    backs: 'The list of items, the names and forms of the medicines, and the quantity per 10 crew of every medical supply.',
  },
  {
    id: 'who-qa-2010',
    title: 'WHO Quantification Addendum to the Guide (2010)',
    about:
      'Sets the medicine quantities for three kinds of ship: A ocean-going (crews of 25-40, no doctor), B coastal (up to 25 crew, at most 24 hours from port), C small craft (15 or fewer). Its quantities are for a one-month voyage. Its tables themselves were not available to us.',
    confidence: 'High',
    backs: 'What categories A, B and C mean, and that quantities are for one month at sea.',
  },
  {
    id: 'medicine-transcription',
    title: 'Published transcription of the medicine quantities',
    about:
      "The medicine quantities for categories A, B and C and their notes (such as 'double if crew over 30'), as copied by a medicine-chest application. They have not yet been checked against the WHO tables.",
    confidence: 'Low',
    backs: 'The required quantity of every medicine, and the supplies that are not in the WHO list.',
  },
  {
    id: 'imgs3-medicine-list',
    title: 'Copy of the Guide’s medicine list',
    about: 'A copy of the 3rd edition medicine list with the other names each medicine is sold under.',
    confidence: 'Medium',
    backs: 'The other names of the medicines, cross-checked with the Guide itself.',
  },
];

const categoryFigures = (item: ScaleItem) =>
  MEDICAL_CATEGORIES.map((category) => `${category}: ${quantityText(item.quantities[category], item.unit)}`).join(' · ');

function quantityText(q: StatedQuantity, unit: string | null): string {
  return q.kind === 'not_carried' ? 'not carried' : formatStatedQuantity(q, unit);
}

/** Which source backs which figure of one item of the shipped scale, read from its source notes. */
export function shippedItemFigures(item: ScaleItem): ItemFigureSource[] {
  const inWhoList = /\bS5\b/.test(item.source);
  if (item.kind === 'medicine') {
    return [
      { figure: 'Name and form', sourceId: 'who-imgs3' },
      { figure: 'Quantities for categories A, B and C', value: categoryFigures(item), sourceId: 'medicine-transcription' },
    ];
  }
  if (!inWhoList) {
    return [
      {
        figure: 'Item',
        sourceId: 'medicine-transcription',
        note: 'Not in the WHO list; kept from the transcription. No quantity is required ("Quantity not set").',
      },
    ];
  }
  if (item.qtyPer10Crew.kind === 'amount') {
    return [
      { figure: 'Item and quantity per 10 crew', value: `${quantityText(item.qtyPer10Crew, item.unit)} per 10 crew`, sourceId: 'who-imgs3' },
    ];
  }
  return [
    {
      figure: 'Item',
      sourceId: 'who-imgs3',
      note: 'WHO lists the item without a quantity, so none is required ("Quantity not set").',
    },
  ];
}

/** The provenance of a scale as the scale page shows it. */
export function scaleProvenanceView(scale: Scale): ScaleProvenanceView {
  const shipped = scale.id === SHIPPED_SCALE_METADATA.id;
  const imported: ScaleSource = {
    id: 'importer',
    title: scale.source,
    about: 'The source named by the administrator who imported this scale.',
    confidence: 'As stated by the importer',
    backs: 'Every figure of this scale.',
  };
  return {
    id: scale.id,
    name: scale.name,
    source: scale.source,
    effectiveDate: scale.effectiveDate,
    sources: shipped ? [...SHIPPED_SCALE_SOURCES] : [imported],
    items: scale.items.map((item) => ({
      id: item.id,
      section: item.section,
      description: item.description,
      formStrength: item.formStrength,
      figures: shipped
        ? shippedItemFigures(item)
        : [
            {
              figure: item.kind === 'medicine' ? 'Quantities for categories A, B and C' : 'Quantity',
              value: item.kind === 'medicine' ? categoryFigures(item) : quantityText(item.qtyPer10Crew, item.unit),
              sourceId: 'importer',
            },
          ],
    })),
  };
}

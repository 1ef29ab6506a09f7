/**
 * The per-item rules a scale row carries in its `rule_flags` column (tokens separated by "|").
 * The shipped file's flags were derived once from the wording of its notes (see
 * domain/data/SOURCES.md); at run time only this column is read, never the notes.
 */
export const RULE_FLAGS = [
  /** ×2 when the crew is larger than 30 ("double if crew size > 30"). */
  'double_if_crew_over_30',
  /** ×2 when the vessel carries organophosphates or other dangerous goods. */
  'double_if_organophosphates',
  /** Not required unless women are on board ("only if females on board"). */
  'only_if_women_on_board',
  /** ×2 when women are on board ("double quantities if females on board"). */
  'double_if_women_on_board',
  /** Guidance only: a pack is for one patient ("one (1) tube per patient"). */
  'per_patient',
  /** Guidance only: the figure is for each listed size or variant ("10 each", "3 of each size"). */
  'each_size',
  /** Guidance only: the bracketed figure is the number of sachets ("15l(75)"). */
  'sachets_in_brackets',
  /** Guidance only: only used to reconstitute another medicine (water for injection). */
  'reconstitution_only',
  /** Guidance only: the notes give tube equivalents for a weight ("4 x 25g or 3 x 30g tubes per 100g"). */
  'tube_equivalents',
] as const;
export type RuleFlag = (typeof RULE_FLAGS)[number];

/** The flags that change the required quantity; the others are shown to the user as guidance. */
export const QUANTITY_RULE_FLAGS: readonly RuleFlag[] = [
  'double_if_crew_over_30',
  'double_if_organophosphates',
  'only_if_women_on_board',
  'double_if_women_on_board',
];

export const RULE_FLAG_LABELS: Record<RuleFlag, string> = {
  double_if_crew_over_30: 'Double if crew size > 30',
  double_if_organophosphates: 'Double if carrying organophosphates or other dangerous goods',
  only_if_women_on_board: 'Only if women on board',
  double_if_women_on_board: 'Double if women on board',
  per_patient: 'Per patient',
  each_size: 'Quantity is for each size',
  sachets_in_brackets: 'Figure in brackets is the number of sachets',
  reconstitution_only: 'Only used to reconstitute another medicine',
  tube_equivalents: 'Tube equivalents given in the notes',
};

export const RULE_FLAG_SEPARATOR = '|';

export type RuleFlagsParseResult = { ok: true; flags: RuleFlag[] } | { ok: false; error: string };

function isRuleFlag(value: string): value is RuleFlag {
  return (RULE_FLAGS as readonly string[]).includes(value);
}

/** Read a `rule_flags` cell: "" → [], "per_patient|double_if_crew_over_30" → both, unknown → error. */
export function parseRuleFlags(cell: string | null | undefined): RuleFlagsParseResult {
  const tokens = (cell ?? '')
    .split(RULE_FLAG_SEPARATOR)
    .map((t) => t.trim().toLowerCase())
    .filter((t) => t !== '');
  const unknown = tokens.filter((t) => !isRuleFlag(t));
  if (unknown.length > 0) {
    return {
      ok: false,
      error: `unknown rule flag${unknown.length > 1 ? 's' : ''} ${unknown.map((t) => `"${t}"`).join(', ')} (known: ${RULE_FLAGS.join(', ')})`,
    };
  }
  return { ok: true, flags: [...new Set(tokens as RuleFlag[])] };
}

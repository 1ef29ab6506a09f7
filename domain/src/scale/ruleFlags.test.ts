import { describe, expect, it } from 'vitest';
import { loadShippedScale } from './loadShipped.node';
import { parseRuleFlags, RULE_FLAGS, RULE_FLAG_LABELS, type RuleFlag } from './ruleFlags';

/**
 * The wording in the notes that states each rule. The application never reads notes; this test
 * keeps the committed rule_flags column honest against them, both ways.
 */
const NOTE_WORDING: Record<RuleFlag, RegExp> = {
  double_if_crew_over_30: /double if crew size\s*>\s*30/i,
  double_if_organophosphates: /double quantit(?:y|ies) if carrying organophosphates/i,
  only_if_women_on_board: /only if (?:females|women) on board/i,
  double_if_women_on_board: /double quantit(?:y|ies) if (?:females|women) on board/i,
  per_patient: /per patient/i,
  each_size: /quantity per 10 crew: \d+ (?:each|of each size)/i,
  sachets_in_brackets: /quantities in brackets are number of sachets/i,
  reconstitution_only: /only used to reconstitute/i,
  tube_equivalents: /tubes per 100\s*g/i,
};

describe('rule flags in the shipped scale', () => {
  const scale = loadShippedScale();

  it.each(RULE_FLAGS.map((f) => [f]))('every note that states "%s" has the flag, and every flag has such a note', (flag) => {
    const byNotes = scale.items.filter((i) => NOTE_WORDING[flag].test(i.notes)).map((i) => i.id);
    const byFlag = scale.items.filter((i) => i.ruleFlags.includes(flag)).map((i) => i.id);
    expect(byFlag).toEqual(byNotes);
    expect(byFlag.length).toBeGreaterThan(0);
  });

  it('no note mentions a doubling, women, crew size, organophosphates or patients without a flag for it', () => {
    const mentionsARule = /double|female|women|crew size|organophosphates? on|carrying|per patient|only if/i;
    const unflagged = scale.items.filter((i) => mentionsARule.test(i.notes) && i.ruleFlags.length === 0).map((i) => i.id);
    expect(unflagged).toEqual([]);
  });

  it('flags the rows the issue names', () => {
    const flagsOf = (id: string) => scale.items.find((i) => i.id === id)?.ruleFlags;
    expect(flagsOf('IMGS06')).toEqual(['double_if_crew_over_30']); // artemether + lumefantrine
    expect(flagsOf('IMGS12')).toEqual(['double_if_crew_over_30']); // ciprofloxacin, written ">30"
    expect(flagsOf('IMGS07')).toEqual(['double_if_organophosphates']); // atropine
    expect(flagsOf('IMGS34')).toEqual(['only_if_women_on_board']); // misoprostol
    expect(flagsOf('IMGS32')).toEqual(['double_if_women_on_board']); // miconazole
    expect(flagsOf('IMGS44')).toEqual(['per_patient']); // permethrin 5%: "100ml per patient"
    expect(flagsOf('IMGS01')).toEqual([]);
  });
});

describe('rule flags cell', () => {
  it.each<[string, RuleFlag[]]>([
    ['', []],
    ['per_patient', ['per_patient']],
    ['double_if_crew_over_30|per_patient', ['double_if_crew_over_30', 'per_patient']],
    [' Per_Patient | ', ['per_patient']],
    ['per_patient|per_patient', ['per_patient']],
  ])('"%s"', (cell, flags) => {
    expect(parseRuleFlags(cell)).toEqual({ ok: true, flags });
  });

  it('refuses an unknown flag and lists the known ones', () => {
    const result = parseRuleFlags('per_patient|double_if_pregnant');
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error).toMatch(/^unknown rule flag "double_if_pregnant" \(known: double_if_crew_over_30, /);
    }
  });

  it('has a label for every flag', () => {
    expect(Object.keys(RULE_FLAG_LABELS).sort()).toEqual([...RULE_FLAGS].sort());
  });
});

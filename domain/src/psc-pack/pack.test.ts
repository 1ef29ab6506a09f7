import { describe, expect, it } from 'vitest';
import { DomainError } from '../shared/errors';
import { historyDigestText, isoDaysBefore, parsePscPackDate, pscPackFileName } from './pack';

describe('PSC pack rules', () => {
  it('takes a real day not after today, and names the problem otherwise', () => {
    expect(parsePscPackDate('2025-03-05', '2025-04-01')).toBe('2025-03-05');
    expect(parsePscPackDate('2025-04-01', '2025-04-01')).toBe('2025-04-01');
    const refused = (value: unknown) => {
      try {
        parsePscPackDate(value, '2025-04-01');
      } catch (error) {
        expect(error).toBeInstanceOf(DomainError);
        return [(error as DomainError).kind, (error as DomainError).message, (error as DomainError).fields.date];
      }
      throw new Error(`${String(value)} was taken`);
    };
    expect(refused(undefined)).toEqual(['validation', 'Please enter a valid date', 'Please enter a valid date']);
    expect(refused('2025-02-29')).toEqual(['validation', 'Please enter a valid date', 'Please enter a valid date']);
    expect(refused('2025-04-02')).toEqual(['validation', 'The date must not be in the future', 'The date must not be in the future']);
  });

  it('digests the heads in stream order, one "stream revision hash" line each, whatever order they come in', () => {
    const heads = [
      { streamId: 'vessel-b', revision: '3', hash: 'bb' },
      { streamId: 'inventory-b', revision: '10', hash: 'aa' },
    ];
    expect(historyDigestText(heads)).toBe('inventory-b 10 aa\nvessel-b 3 bb');
    expect(historyDigestText([...heads].reverse())).toBe(historyDigestText(heads));
  });

  it('counts days back on the calendar, across months and leap days', () => {
    expect(isoDaysBefore('2025-03-05', 89)).toBe('2024-12-06');
    expect(isoDaysBefore('2024-03-01', 1)).toBe('2024-02-29');
  });

  it('names the file after the vessel and the day', () => {
    expect(pscPackFileName('Nordic Aurora / II', '2025-03-05')).toBe('PSC-pack-Nordic-Aurora-II-2025-03-05.pdf');
  });
});

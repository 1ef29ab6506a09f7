import { describe, expect, it } from 'vitest';
import { loadShippedScale } from './loadShipped.node';
import { scaleProvenanceView } from './provenance';
import { requirementDisplay } from './required';

describe('the shipped scale, as its page shows it to a customer', () => {
  const view = scaleProvenanceView(loadShippedScale());

  it('names the scale by what it is, and every source with a confidence and what it backs', () => {
    expect(view.name).toBe('WHO IMGS 3rd edition');
    for (const source of view.sources) {
      expect(source.confidence).toMatch(/^(High|Medium|Low)$/);
      expect(source.backs).not.toBe('');
    }
  });

  it('says, for every item, which source backs which figure, naming only sources the page lists', () => {
    const ids = new Set(view.sources.map((s) => s.id));
    expect(view.items).toHaveLength(141);
    for (const item of view.items) {
      expect(item.figures.length).toBeGreaterThan(0);
      for (const figure of item.figures) expect(figure.sourceId === null || ids.has(figure.sourceId)).toBe(true);
    }
    const oxygen = view.items.find((i) => i.id === 'IMGS1.1');
    expect(oxygen?.figures).toEqual([{ figure: 'Item and quantity per 10 crew', value: '1 per 10 crew', sourceId: 'who-imgs3' }]);
    const eyePads = view.items.find((i) => i.id === 'IMGS2.2');
    expect(eyePads?.figures[0]).toMatchObject({ sourceId: 'medicine-transcription', note: expect.stringContaining('Not in the WHO list') });
  });

  it('holds no repository names or file paths', () => {
    expect(JSON.stringify(view)).not.toMatch(/github|rajgupta|seamed|sail_pal|\.ts\b|\.md\b|\.json\b|domain\/data/i);
  });
});

describe('a required quantity as a person reads it', () => {
  it.each([
    ['70+ tablet', '70 tablet, or more', true],
    ['2+ × 30 g', '2 × 30 g, or more', true],
    ['50 tablet', '50 tablet', false],
    ['Not required', 'Not required', false],
    ['Quantity not set', 'Quantity not set', false],
  ])('%j reads %j', (text, shown, atLeast) => {
    expect(requirementDisplay(text)).toEqual({ text: shown, atLeast });
  });
});

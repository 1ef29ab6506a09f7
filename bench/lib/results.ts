import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const resultsFile = join(dirname(fileURLToPath(import.meta.url)), '..', 'results', 'latest.json');

type Figures = Record<string, { value: number; unit: string }>;

/**
 * Print one benchmark figure as `name: value unit` and merge it into bench/results/latest.json,
 * keeping the figures other benchmarks wrote.
 */
export function recordFigure(name: string, value: number, unit: string): void {
  const rounded = Math.abs(value) >= 100 ? Math.round(value) : Number(value.toFixed(3));
  console.log(`${name}: ${rounded} ${unit}`);
  let figures: Figures = {};
  try {
    figures = JSON.parse(readFileSync(resultsFile, 'utf8')) as Figures;
  } catch {
    // First figure of a fresh checkout: start a new file.
  }
  figures[name] = { value: rounded, unit };
  mkdirSync(dirname(resultsFile), { recursive: true });
  writeFileSync(resultsFile, JSON.stringify(figures, null, 2) + '\n');
}

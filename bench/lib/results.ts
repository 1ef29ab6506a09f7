import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const resultsFile = join(dirname(fileURLToPath(import.meta.url)), '..', 'results', 'latest.json');

/** A figure's goal: at most (`<=`) or at least (`>=`) a value, in the figure's own unit. */
export type Goal = { readonly atMost: number } | { readonly atLeast: number };

export type Figure = {
  value: number;
  unit: string;
  goal?: Goal;
  /** Absent when the figure has no goal (context figures such as the floor it is compared with). */
  met?: boolean;
  measuredAt: string;
};

type Figures = Record<string, Figure>;

export function goalMet(value: number, goal: Goal): boolean {
  return 'atMost' in goal ? value <= goal.atMost : value >= goal.atLeast;
}

export function describeGoal(goal: Goal): string {
  return 'atMost' in goal ? `≤ ${goal.atMost}` : `≥ ${goal.atLeast}`;
}

/**
 * Print one benchmark figure as `name: value unit [goal … MET | NOT met]` and merge it into
 * bench/results/latest.json, keeping the figures other benchmarks wrote. `npm run bench` prints
 * every figure with a goal again at the end, so a run's verdict is readable in one place.
 */
export function recordFigure(name: string, value: number, unit: string, goal?: Goal): void {
  const rounded = Math.abs(value) >= 100 ? Math.round(value) : Number(value.toFixed(3));
  const met = goal === undefined ? undefined : goalMet(rounded, goal);
  const verdict = goal === undefined ? '' : `  [goal ${describeGoal(goal)}: ${met ? 'MET' : 'NOT met'}]`;
  console.log(`${name}: ${rounded} ${unit}${verdict}`);
  let figures: Figures = {};
  try {
    figures = JSON.parse(readFileSync(resultsFile, 'utf8')) as Figures;
  } catch {
    // First figure of a fresh checkout: start a new file.
  }
  figures[name] = { value: rounded, unit, ...(goal ? { goal, met } : {}), measuredAt: new Date().toISOString() };
  mkdirSync(dirname(resultsFile), { recursive: true });
  writeFileSync(resultsFile, JSON.stringify(figures, null, 2) + '\n');
}

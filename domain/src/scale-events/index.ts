// Scales as events: imports of a scale table and their assignment to vessels.
export * from './events';
export * from './schema';
export * from './decide';

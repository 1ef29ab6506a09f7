// Scales as events: imports of a scale table and their assignment to vessels.
export * from './events';

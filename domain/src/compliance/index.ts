export * from './batch';
export * from './status';
export * from './fleet';
export * from './requirementRow';

export * from './events';
export * from './audit';

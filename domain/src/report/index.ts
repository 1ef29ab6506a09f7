export * from './events';
export * from './audit';
export * from './request';
export * from './build';
export * from './csv';

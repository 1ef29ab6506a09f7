export * from './types';
export * from './history';

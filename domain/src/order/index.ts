export * from './events';
export * from './lifecycle';
export * from './state';
export * from './decide';
export * from './orderNumber';
export * from './shortfall';
export * from './schema';
export * from './totals';

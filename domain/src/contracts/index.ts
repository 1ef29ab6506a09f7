export * from './actors';
export * from './vessels';
export * from './orders';
export * from './dashboard';
export * from './scales';
export * from './inventory';
export * from './certificates';

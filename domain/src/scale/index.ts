// The scale: what each ship must carry. Pure; the Node-only loader of the shipped file is
// ./loadShipped.node.ts and is deliberately not exported here.
export * from './scale';
export * from './quantity';
export * from './ruleFlags';
export * from './parseCsv';
export * from './shipped';
export * from './profile';
export * from './required';
export * from './provenance';

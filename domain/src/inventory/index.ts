// A vessel's medical chest as batches on the stream inventory-{vesselId}. Pure: the CSV reader runs
// in the browser, the row checks and the decider on the server.
export * from './events';
export * from './state';
export * from './decide';
export * from './asOf';
export * from './bulkImport';
export * from './messages';
export * from './schema';
export * from './csv';

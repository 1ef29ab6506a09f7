export { createEsdbEventStore, type EsdbEventStoreOptions } from './store';

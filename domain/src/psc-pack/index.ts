export * from './pack';

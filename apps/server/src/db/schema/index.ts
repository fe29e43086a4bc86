export * from './platform';
export * from './reference';

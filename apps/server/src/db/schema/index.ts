export * from './platform';
export * from './reference';
export * from './target-task';

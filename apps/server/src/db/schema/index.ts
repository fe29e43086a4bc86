export * from './benchmark';
export * from './platform';
export * from './progress';
export * from './reference';
export * from './report';
export * from './target-task';

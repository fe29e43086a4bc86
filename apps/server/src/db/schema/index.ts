export * from './benchmark';
export * from './data-manage';
export * from './platform';
export * from './progress';
export * from './reference';
export * from './report';
export * from './table-config';
export * from './target-task';

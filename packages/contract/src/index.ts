import { z } from 'zod';

// Zod's own messages in Chinese, for server and web alike.
z.config(z.locales.zhCN());

export * from './analysis';
export * from './auth';
export * from './constants';
export * from './csrf';
export * from './enums';
export * from './envelope';
export * from './files';
export * from './menus';
export * from './messages';
export * from './primitives';
export * from './progress';
export * from './report';
export * from './report-ui';
export * from './system';
export * from './table-config';
export * from './target-task';
export * from './target-task-ui';
export * from './ui-text';
export * from './user';
export * from './web-messages';

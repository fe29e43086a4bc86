import { describe, expect, it } from 'vitest';
import { describeValidation } from './error-handler';

describe('describeValidation', () => {
  it('names the field and keeps the schema message', () => {
    const msg = describeValidation([{ params: { issue: { path: ['userId'], message: '请输入工号' } } }], 'body');
    expect(msg).toBe('请求参数不正确（请求体）：userId：请输入工号');
  });
  it('lists at most three issues', () => {
    const issues = ['a', 'b', 'c', 'd'].map((f) => ({ params: { issue: { path: [f], message: '不能为空' } } }));
    expect(describeValidation(issues).split('；')).toHaveLength(3);
  });
});

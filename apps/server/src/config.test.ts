import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('uses the defaults when nothing is set', () => {
    const c = loadConfig({});
    expect(c.PORT).toBe(8080);
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.DATA_DIR).toBe(path.resolve('./data'));
    expect(c.FEATURE_FLAGS).toEqual(['newTaskManagement']);
  });

  it('treats empty strings as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '  ' }).PORT).toBe(8080);
  });

  it('names the variable of an invalid value', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/环境变量 PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ COOKIE_SECURE: 'maybe' })).toThrow(/COOKIE_SECURE/);
  });

  it('parses booleans and lists', () => {
    const c = loadConfig({ COOKIE_SECURE: 'true', FEATURE_FLAGS: 'a, b,,c' });
    expect(c.COOKIE_SECURE).toBe(true);
    expect(c.FEATURE_FLAGS).toEqual(['a', 'b', 'c']);
  });
});

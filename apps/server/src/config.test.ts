import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, workerCount } from './config';

describe('loadConfig', () => {
  it('uses the defaults when nothing is set', () => {
    const c = loadConfig({});
    expect(c.PORT).toBe(8080);
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.DATA_DIR).toBe(path.resolve('./data'));
    expect(c.FEATURE_FLAGS).toEqual(['newTaskManagement']);
  });

  it('serves HTTPS with a certificate and its key, both readable, and then sends the session cookie over HTTPS only', () => {
    const tls = path.join(path.dirname(fileURLToPath(import.meta.url)), 'test/tls');
    const both = { TLS_CERT_FILE: path.join(tls, 'cert.pem'), TLS_KEY_FILE: path.join(tls, 'key.pem') };
    expect(loadConfig({}).TLS_CERT_FILE).toBeUndefined();
    expect(loadConfig(both).COOKIE_SECURE).toBe(true);
    // An explicit setting still wins (a proxy in front that ends TLS itself, say).
    expect(loadConfig({ ...both, COOKIE_SECURE: 'false' }).COOKIE_SECURE).toBe(false);
    expect(() => loadConfig({ TLS_CERT_FILE: both.TLS_CERT_FILE })).toThrow(/TLS_CERT_FILE 和 TLS_KEY_FILE 须同时设置/);
    expect(() => loadConfig({ ...both, TLS_KEY_FILE: '/nonexistent/key.pem' })).toThrow(
      /TLS_KEY_FILE 指向的文件无法读取（"\/nonexistent\/key.pem"）/,
    );
  });

  it('treats empty strings as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '  ' }).PORT).toBe(8080);
  });

  it('keeps the e-mail digest off by default, and refuses it on without a server and a sender', () => {
    expect(loadConfig({}).NOTIFY_DIGEST_ENABLED).toBe(false);
    expect(() => loadConfig({ NOTIFY_DIGEST_ENABLED: 'true' })).toThrow(/SMTP_HOST 和 SMTP_FROM/);
    const on = loadConfig({
      NOTIFY_DIGEST_ENABLED: 'true',
      SMTP_HOST: 'smtp.school.edu.cn',
      SMTP_FROM: 'zg@school.edu.cn',
    });
    expect(on).toMatchObject({ NOTIFY_DIGEST_HOUR: 8, SMTP_PORT: 587, SMTP_SECURE: false, SMTP_TIMEOUT_SECONDS: 30 });
    expect(() => loadConfig({ NOTIFY_DIGEST_HOUR: '24' })).toThrow(/NOTIFY_DIGEST_HOUR/);
  });

  it('names the variable of an invalid value', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/环境变量 PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ COOKIE_SECURE: 'maybe' })).toThrow(/COOKIE_SECURE/);
  });

  it("takes the school's time zone, Asia/Shanghai unless TZ names another, and refuses an unknown one", () => {
    expect(loadConfig({}).TZ).toBe('Asia/Shanghai');
    expect(loadConfig({ TZ: 'Asia/Urumqi' }).TZ).toBe('Asia/Urumqi');
    expect(() => loadConfig({ TZ: 'Mars/Olympus' })).toThrow(/环境变量 TZ/);
  });

  it('validates the sign-in limits and refuses the settings they replaced, naming the new ones', () => {
    const c = loadConfig({});
    expect([c.LOGIN_WINDOW_MINUTES, c.LOGIN_DELAY_AFTER_FAILURES_PER_USER, c.LOGIN_MAX_DELAY_SECONDS]).toEqual([
      15, 5, 60,
    ]);
    expect(() => loadConfig({ LOGIN_MAX_DELAY_SECONDS: '0' })).toThrow(/LOGIN_MAX_DELAY_SECONDS/);
    // No failures keep the right password out for longer than a minute.
    expect(() => loadConfig({ LOGIN_MAX_DELAY_SECONDS: '61' })).toThrow(/LOGIN_MAX_DELAY_SECONDS/);
    expect(() => loadConfig({ LOGIN_WINDOW_MINUTES: '1.5' })).toThrow(/LOGIN_WINDOW_MINUTES/);
    expect(() => loadConfig({ LOGIN_MAX_FAILURES_PER_IP: '50' })).toThrow(/LOGIN_DELAY_AFTER_FAILURES_PER_IP/);
    expect(() => loadConfig({ LOGIN_MAX_FAILURES_PER_USER: '10' })).toThrow(/LOGIN_DELAY_AFTER_FAILURES_PER_USER/);
    expect(() => loadConfig({ LOGIN_MAX_FAILURES_PER_PAIR: '10' })).toThrow(/LOGIN_DELAY_AFTER_FAILURES_PER_USER/);
  });

  it('starts a worker per core unless WORKERS says otherwise, and one with TEST_HOOKS', () => {
    expect(workerCount(loadConfig({}), 6)).toBe(6);
    expect(workerCount(loadConfig({ WORKERS: '3' }), 6)).toBe(3);
    expect(workerCount(loadConfig({ TEST_HOOKS: 'true' }), 6)).toBe(1);
    expect(workerCount(loadConfig({ TEST_HOOKS: 'true', WORKERS: '1' }), 6)).toBe(1);
    expect(() => loadConfig({ TEST_HOOKS: 'true', WORKERS: '2' })).toThrow(/WORKERS/);
    expect(() => loadConfig({ WORKERS: '0' })).toThrow(/环境变量 WORKERS/);
    expect(() => loadConfig({ WORKERS: 'two' })).toThrow(/环境变量 WORKERS/);
  });

  it('validates the Excel import limits', () => {
    const c = loadConfig({});
    expect([c.XLSX_MAX_ROWS, c.XLSX_MAX_INFLATED_MB]).toEqual([20_000, 64]);
    expect(loadConfig({ XLSX_MAX_ROWS: '500', XLSX_MAX_INFLATED_MB: '16' }).XLSX_MAX_INFLATED_MB).toBe(16);
    expect(() => loadConfig({ XLSX_MAX_ROWS: '0' })).toThrow(/XLSX_MAX_ROWS/);
    expect(() => loadConfig({ XLSX_MAX_INFLATED_MB: '2048' })).toThrow(/XLSX_MAX_INFLATED_MB/);
  });

  it('parses booleans and lists', () => {
    const c = loadConfig({ COOKIE_SECURE: 'true', FEATURE_FLAGS: 'a, b,,c' });
    expect(c.COOKIE_SECURE).toBe(true);
    expect(c.FEATURE_FLAGS).toEqual(['a', 'b', 'c']);
  });
});

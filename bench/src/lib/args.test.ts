import { describe, expect, it } from 'vitest';
import { parseArgs, stringFlag } from './args';

describe('command-line flags', () => {
  it('reads --name value, --name=value and bare flags', () => {
    const { flags, rest } = parseArgs(['--scale', 'school', '--only=api,soak', '--quick', 'extra']);
    expect(stringFlag(flags, 'scale')).toBe('school');
    expect(stringFlag(flags, 'only')).toBe('api,soak');
    expect(flags.get('quick')).toBe(true);
    expect(rest).toEqual(['extra']);
    expect(() => stringFlag(flags, 'quick')).toThrow('--quick needs a value');
  });
});

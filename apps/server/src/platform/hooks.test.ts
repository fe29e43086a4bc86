import { describe, expect, it } from 'vitest';
import { defineHook, Hooks } from './hooks';

describe('Hooks', () => {
  const LISTENERS = defineHook<(n: number) => number>('test.listeners');
  const OTHER = defineHook<(n: number) => number>('test.other');

  it('keeps one registration per key, in the order first registered, per hook', () => {
    const hooks = new Hooks();
    expect(hooks.all(LISTENERS)).toEqual([]);
    const double = (n: number) => n * 2;
    const triple = (n: number) => n * 3;
    hooks.add(LISTENERS, 'b', double);
    hooks.add(LISTENERS, 'a', triple);
    hooks.add(OTHER, 'b', triple);
    expect(hooks.all(LISTENERS).map((f) => f(1))).toEqual([2, 3]);
    // The same key again replaces (a plugin registered twice), keeping its place.
    hooks.add(LISTENERS, 'b', (n) => n * 5);
    expect(hooks.all(LISTENERS).map((f) => f(1))).toEqual([5, 3]);
    expect(hooks.get(LISTENERS, 'a')).toBe(triple);
    expect(hooks.get(LISTENERS, 'c')).toBeUndefined();
    hooks.remove(LISTENERS, 'a');
    expect(hooks.all(LISTENERS).map((f) => f(1))).toEqual([5]);
    expect(hooks.all(OTHER)).toEqual([triple]);
  });

  it('two registries share nothing', () => {
    const one = new Hooks();
    const two = new Hooks();
    one.add(LISTENERS, 'a', (n) => n);
    expect(two.all(LISTENERS)).toEqual([]);
    expect(two.get(LISTENERS, 'a')).toBeUndefined();
  });
});

import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WhenVisible } from './WhenVisible';

type Callback = (entries: Array<{ isIntersecting: boolean }>) => void;

describe('WhenVisible', () => {
  const original = globalThis.IntersectionObserver;
  afterEach(() => {
    globalThis.IntersectionObserver = original;
  });

  it('holds a box of the given height until the place comes near the screen, then renders its children', () => {
    const observers: Array<{ callback: Callback; margin?: string; disconnect: () => void }> = [];
    globalThis.IntersectionObserver = class {
      disconnect = vi.fn();
      constructor(callback: Callback, options?: { rootMargin?: string }) {
        observers.push({ callback, margin: options?.rootMargin, disconnect: this.disconnect });
      }
      observe() {}
    } as unknown as typeof IntersectionObserver;

    const { container } = render(
      <WhenVisible minHeight={300}>
        <p>图表</p>
      </WhenVisible>,
    );
    expect(screen.queryByText('图表')).toBeNull();
    expect((container.firstChild as HTMLElement).style.minHeight).toBe('300px');
    expect(observers[0]?.margin).toBe('200px');

    act(() => observers[0]?.callback([{ isIntersecting: false }]));
    expect(screen.queryByText('图表')).toBeNull();
    act(() => observers[0]?.callback([{ isIntersecting: true }]));
    expect(screen.getByText('图表')).toBeTruthy();
    expect(observers[0]?.disconnect).toHaveBeenCalled();
  });

  it('renders its children at once where the browser has no IntersectionObserver', () => {
    // @ts-expect-error: a browser without it
    delete globalThis.IntersectionObserver;
    render(
      <WhenVisible minHeight={300}>
        <p>图表</p>
      </WhenVisible>,
    );
    expect(screen.getByText('图表')).toBeTruthy();
  });
});

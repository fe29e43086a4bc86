import { type ReactNode, Suspense, useEffect, useRef, useState } from 'react';

/**
 * Renders its children once the place they take comes within `margin` of the screen, a box of `minHeight` until then:
 * what sits below the fold (a card of charts on a phone's home page) costs nothing until the user scrolls to it.
 * Without IntersectionObserver (old browsers, tests) the children render at once. Lazy children wait in a box of the
 * same height, so what follows does not jump up and back while their code arrives.
 */
export function WhenVisible({
  children,
  minHeight,
  margin = '200px',
}: {
  children: ReactNode;
  minHeight: number;
  margin?: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const [shown, setShown] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = box.current;
    if (shown || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setShown(true);
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [shown, margin]);
  const placeholder = <div ref={box} style={{ minHeight }} aria-hidden="true" />;
  if (!shown) return placeholder;
  return <Suspense fallback={placeholder}>{children}</Suspense>;
}

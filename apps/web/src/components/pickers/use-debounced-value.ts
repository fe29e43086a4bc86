import { useEffect, useState } from 'react';

/** `value`, once it has stayed the same for `delayMs` (the user picker's 300 ms search debounce). */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

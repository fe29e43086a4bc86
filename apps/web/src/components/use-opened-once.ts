import { useState } from 'react';

/**
 * True from the first render on which `open` is: a dialog whose code loads when first opened mounts then and stays
 * mounted, so that closing it still plays its animation.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}

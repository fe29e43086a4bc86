import { createContext, useContext } from 'react';

/** Opens the personal-centre and change-password dialogs of the signed-in layout from anywhere inside it. */
export interface ShellDialogs {
  openProfile: () => void;
  openPassword: () => void;
}

export const ShellDialogsContext = createContext<ShellDialogs>({ openProfile: () => {}, openPassword: () => {} });

export function useShellDialogs(): ShellDialogs {
  return useContext(ShellDialogsContext);
}

/**
 * The browser's address, behind one object so tests can watch where the app sends the user
 * (jsdom cannot navigate between documents).
 */
export const browser = {
  /** The full current address. */
  href(): string {
    return window.location.href;
  },
  /** Goes to an address, keeping the current one in the history. */
  assign(url: string): void {
    window.location.assign(url);
  },
  /** Goes to an address in place of the current one (no history entry). */
  replace(url: string): void {
    window.location.replace(url);
  },
};

/** The site root (spec-1 section 8: where a 302 sends the user). */
export const SITE_ROOT = import.meta.env.BASE_URL;

/** The sign-in screen as a full address path, for leaving from outside the router. */
export const LOGIN_ADDRESS = `${import.meta.env.BASE_URL}#/login`;

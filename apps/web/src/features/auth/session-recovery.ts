import { WEB_MSG } from '@zg/contract';
import { Modal } from 'antd';
import { browser } from '../../api/browser';
import { ApiError } from '../../api/errors';
import { forgetSessionCookie, mayHoldSession, setLoginRecord } from '../../api/session';
import { casLogin, fetchCasConfig, tryLogin } from './auth.api';

/** How a page load without a stored login record ends: signed in, on the way to CAS, or signed out. */
export type Recovery = 'signedIn' | 'leaving' | 'signedOut';

const TICKET = 'ticket';

/**
 * Spec-1 section 4, on load without a stored login record: a CAS ticket in the address is turned into a session;
 * else try-login recovers one from the session cookie (when this browser was given one: `mayHoldSession`); else, with CAS on, the browser leaves for the CAS entry
 * with this address as the service; else the caller sends the user to /login.
 */
export async function recoverSession(): Promise<Recovery> {
  const address = browser.href();
  const ticket = casTicketOf(address);
  // CAS checks the ticket against the exact service it was issued for: this address without the ticket.
  const service = withoutTicket(address);

  if (ticket) {
    try {
      setLoginRecord(await casLogin({ ticket, service }));
      // Off the used ticket, with no history entry to replay it.
      browser.replace(service);
      return 'signedIn';
    } catch (error) {
      // A ticket the server refuses: say why and offer the password form, rather than loop through CAS.
      if (!(error instanceof ApiError && error.handled)) {
        Modal.error({ title: WEB_MSG.loginFailedTitle, content: errorText(error) });
      }
      return 'signedOut';
    }
  }

  // Only a browser that was given a session cookie asks for it back: a first visit goes straight on (no 401).
  if (mayHoldSession()) {
    try {
      setLoginRecord(await tryLogin());
      return 'signedIn';
    } catch {
      // No live session: fall through to CAS or the sign-in screen, and ask no more until the next sign-in.
      forgetSessionCookie();
    }
  }

  const cas = await fetchCasConfig().catch(() => null);
  if (cas?.enabled && cas.loginUrl) {
    const separator = cas.loginUrl.includes('?') ? '&' : '?';
    browser.assign(`${cas.loginUrl}${separator}service=${encodeURIComponent(service)}`);
    return 'leaving';
  }
  return 'signedOut';
}

/**
 * The CAS ticket of an address. CAS servers put it in the query before the hash (`/?ticket=ST-1#/index`) or, when
 * they append to the whole service string, in the hash route's query (`/#/index?ticket=ST-1`).
 */
export function casTicketOf(address: string): string | null {
  const url = new URL(address);
  return url.searchParams.get(TICKET) || hashParams(url.hash).get(TICKET) || null;
}

/** The address without its CAS ticket, wherever the ticket was. */
export function withoutTicket(address: string): string {
  const url = new URL(address);
  // Only a ticket is removed: the rest stays as it was, so both legs of CAS name the same service.
  if (url.searchParams.has(TICKET)) url.searchParams.delete(TICKET);
  const params = hashParams(url.hash);
  if (params.has(TICKET)) {
    params.delete(TICKET);
    const rest = params.toString();
    url.hash = url.hash.slice(0, url.hash.indexOf('?')) + (rest ? `?${rest}` : '');
  }
  return url.toString();
}

function hashParams(hash: string): URLSearchParams {
  const queryAt = hash.indexOf('?');
  return new URLSearchParams(queryAt >= 0 ? hash.slice(queryAt + 1) : '');
}

function errorText(error: unknown): string {
  return error instanceof ApiError ? error.message : WEB_MSG.unexpectedError;
}

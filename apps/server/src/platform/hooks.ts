/**
 * Hooks: how a module lower down lets the modules above it take part in its work without knowing them (docs/
 * ARCHITECTURE.md, "Hooks"). The lower module declares the hook (`defineHook<Fn>('standard.users')`) and exports it
 * from its index; a module above registers a function in its plugin (`app.hooks.add(STANDARD_USERS, 'diagnosis',
 * fn)`); the lower module's service asks `hooks.all(STANDARD_USERS)` (or `hooks.get(hook, key)` for a keyed one such
 * as the file owner policies) and calls them in its own transaction.
 *
 * The registrations belong to one app instance (`app.hooks`, made by buildApp or passed in its options), never to
 * the process: two apps built in one process (the tests) do not see each other's. A service that calls a hook takes
 * the registry as its parameter (`hooks`, right after `db`).
 */

/** A named hook whose registrations are functions (or policy objects) of type F. */
export interface Hook<F> {
  readonly name: string;
  /** Never set: carries F for the type checker. */
  readonly __type?: F;
}

export const defineHook = <F>(name: string): Hook<F> => ({ name });

export class Hooks {
  readonly #entries = new Map<Hook<unknown>, Map<string, unknown>>();

  /** Registers `fn` under `key` (the registering module's name, or the key the hook looks up): one per key, the last wins. */
  add<F>(hook: Hook<F>, key: string, fn: F): void {
    const byKey = this.#entries.get(hook) ?? new Map<string, unknown>();
    this.#entries.set(hook, byKey);
    byKey.set(key, fn);
  }

  /** Forgets the registration under `key` (tests that registered one). */
  remove<F>(hook: Hook<F>, key: string): void {
    this.#entries.get(hook)?.delete(key);
  }

  /** The registration under `key`, if any. */
  get<F>(hook: Hook<F>, key: string): F | undefined {
    return this.#entries.get(hook)?.get(key) as F | undefined;
  }

  /** Every registration of the hook, in the order first registered. */
  all<F>(hook: Hook<F>): F[] {
    return [...(this.#entries.get(hook)?.values() ?? [])] as F[];
  }
}

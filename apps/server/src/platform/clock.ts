/** The server's time source. Production reads the system clock; tests move it to a deadline instead of sleeping. */
export class Clock {
  private fixed: Date | null = null;

  now(): Date {
    return this.fixed ? new Date(this.fixed) : new Date();
  }

  /** Today as YYYY-MM-DD in the server's time zone. */
  today(): string {
    const d = this.now();
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  }

  /** Fixes the time (tests only). */
  set(date: Date | string) {
    this.fixed = new Date(date);
  }

  /** Back to the system clock. */
  reset() {
    this.fixed = null;
  }
}

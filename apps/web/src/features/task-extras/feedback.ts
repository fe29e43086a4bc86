/** The Chinese message of a failed call (the server's meta.message), else the given fallback. */
export function errorText(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback;
}

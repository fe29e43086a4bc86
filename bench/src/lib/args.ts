/** A tiny command-line parser: `--name value`, `--name=value` and bare `--flag` (the `booleans` never take a value). */
export function parseArgs(
  argv: readonly string[],
  booleans: readonly string[] = ['quick', 'keep'],
): { flags: Map<string, string | true>; rest: string[] } {
  const flags = new Map<string, string | true>();
  const rest: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (!a.startsWith('--')) {
      rest.push(a);
      continue;
    }
    const eq = a.indexOf('=');
    if (eq > 0) {
      flags.set(a.slice(2, eq), a.slice(eq + 1));
    } else if (!booleans.includes(a.slice(2)) && i + 1 < argv.length && !argv[i + 1]!.startsWith('--')) {
      flags.set(a.slice(2), argv[i + 1]!);
      i += 1;
    } else {
      flags.set(a.slice(2), true);
    }
  }
  return { flags, rest };
}

export function stringFlag(flags: Map<string, string | true>, name: string): string | undefined {
  const v = flags.get(name);
  if (v === true) throw new Error(`--${name} needs a value`);
  return v;
}

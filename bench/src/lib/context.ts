/** What every phase of a run shares. */
export interface RunContext {
  quick: boolean;
  /** Where logs, profiles and raw results of this run go (bench/.runs/<time>). */
  runDir: string;
  log(line: string): void;
}

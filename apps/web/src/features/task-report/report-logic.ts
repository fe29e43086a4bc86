import { REPORT_LEVEL, REPORT_LEVELS, REPORT_MSG, type ReportLevel, type TargetReportStatus } from '@zg/contract';

/** "A 优秀" and so on (spec-1 section 3: A excellent, B good, C fair, D not completed). */
export function levelLabel(level: ReportLevel): string {
  return `${level} ${REPORT_LEVEL[level]}`;
}

export const LEVEL_OPTIONS = REPORT_LEVELS.map((l) => ({ value: l, label: levelLabel(l) }));

export const STATUS_COLOR: Record<TargetReportStatus, string> = {
  draft: 'default',
  reviewing: 'processing',
  pass: 'success',
  refuse: 'error',
};

export const LEVEL_COLOR: Record<ReportLevel, string> = { A: 'green', B: 'blue', C: 'gold', D: 'red' };

/** Why an audit cannot be sent as it is (a refusal needs its reason), or null. */
export function auditProblem(result: 'pass' | 'refuse' | undefined, reason: string): string | null {
  if (result === 'refuse' && !reason.trim()) return REPORT_MSG.reasonRequired;
  return null;
}

/** Bytes as B, KB or MB. */
export function sizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

import type { AlgorithmFigures } from './phases/algorithm';
import type { RouteFigures } from './phases/api';
import type { CollectionFigures } from './phases/collection';
import type { CrashFigures } from './phases/crash';
import type { DashboardFigures } from './phases/dashboard';
import type { DevelopFigures } from './phases/develop';
import type { DiagnosisFigures } from './phases/diagnosis';
import type { FrontendFigures } from './phases/frontend';
import type { IndicatorAnalysisFigures } from './phases/indicator-analysis';
import type { PortraitFigures } from './phases/portrait';
import type { CpuProfile, Plan, Statement } from './phases/profile';
import type { QualityViewFigures } from './phases/quality-view';
import type { QualityWarningFigures } from './phases/quality-warning';
import type { ReplayFigures } from './phases/replay';
import type { RivalFigures } from './phases/rival';
import type { SelfReportFigures } from './phases/self-report';
import type { SoakFigures } from './phases/soak';
import type { StandardFigures } from './phases/standard';
import type { SystemFigures } from './phases/system';
import type { UploadFigures } from './phases/upload';
import type { WarehouseFigures } from './phases/warehouse';

/** The system PostgreSQL (a throwaway cluster) and the embedded default (the npm-installed server under DATA_DIR). */
export type DbKind = 'postgres' | 'embedded';

/** Everything one run measured; RESULTS.md is rendered from it (report.ts). */
export interface RunResults {
  startedAt: string;
  finishedAt: string;
  durationS: number;
  quick: boolean;
  /** Phases left out with --only / --skip. */
  skipped: string[];
  machine: {
    cores: number;
    cpuModel: string;
    memoryGiB: number;
    node: string;
    postgres: string;
    os: string;
    loadStart: number[];
    loadEnd: number[];
  };
  data: {
    scale: string;
    counts: Record<string, number>;
    seconds: Partial<Record<DbKind, number>>;
  } | null;
  api: {
    seconds: number;
    warmupSeconds: number;
    connections: number;
    byDb: Partial<Record<DbKind, RouteFigures[]>>;
    /**
     * PostgreSQL alone on each route's own statements (pgbench, prepared, same clients and duration, in the same run),
     * against the system PostgreSQL's database (issue 21).
     */
    replay?: ReplayFigures[];
    /** Processes serving in each server measured (the server and its cluster workers), by label (postgres, ...). */
    serving?: Record<string, number>;
    /** The system PostgreSQL's server again with another WORKERS, measured route by route beside the default. */
    byWorkers?: { workers: string; routes: RouteFigures[] }[];
    /**
     * `--baseline <ref>`: that revision's server on a database of its own, measured route by route right beside this
     * one's PostgreSQL server, `rounds` times: `routes` its figures, `after` this revision's, every round's.
     */
    baseline?: { ref: string; commit: string; rounds: number; routes: RouteFigures[]; after: RouteFigures[] };
  } | null;
  upload: Partial<Record<DbKind, UploadFigures>>;
  frontend: FrontendFigures | null;
  /** The data warehouse (issue 17): import, browse, export. */
  warehouse: Partial<Record<DbKind, WarehouseFigures>>;
  /** Algorithms (issue 18): the demo indicators and a runaway query. */
  algorithm: Partial<Record<DbKind, AlgorithmFigures>>;
  /** Data collection (issue 20): a floating table saved, audited rows into the warehouse. */
  collection: Partial<Record<DbKind, CollectionFigures>>;
  /** Standard systems (issue 19): a ~500-node system read whole, a 1 000-row import. */
  standard: Partial<Record<DbKind, StandardFigures>>;
  /** 系统管理 (issue 36): the user list at 10 000 users, the audit log at 1 000 000 rows, a 3 000-user import. */
  system: Partial<Record<DbKind, SystemFigures>>;
  /** 诊断改进 (issue 30): a 40-major task computed, a publish to 1 200 courses, one object task's rows. */
  diagnosis: Partial<Record<DbKind, DiagnosisFigures>>;
  /** 监测统计 (issue 31). */
  qualityView: Partial<Record<DbKind, QualityViewFigures>>;
  qualityWarning?: QualityWarningFigures;
  dashboard: Partial<Record<DbKind, DashboardFigures>>;
  /** 对标分析 (issue 35); optional: results written before it have none. */
  rival?: Partial<Record<DbKind, RivalFigures>>;
  /** 发展中心 (issue 35): the leader's page data for five years. */
  develop?: Partial<Record<DbKind, DevelopFigures>>;
  /** 指标分析 (issue 35 item 5): movers of a major and a correlation across the 40 majors. */
  indicatorAnalysis?: Partial<Record<DbKind, IndicatorAnalysisFigures>>;
  portrait?: Partial<Record<DbKind, PortraitFigures>>;
  /** 自我诊断报告 (issue 33): one report downloaded as Word. */
  selfReport?: Partial<Record<DbKind, SelfReportFigures>>;
  crash: Partial<Record<DbKind, CrashFigures>>;
  /** `withCrashTest`: the crash test ran at the same time (on servers and databases of its own). */
  soak: (SoakFigures & { db: DbKind; withCrashTest?: boolean }) | null;
  profile: {
    statements: Statement[];
    plans: Plan[];
    cpu: CpuProfile[];
  } | null;
  /** Phases that failed, with the error. */
  failures: string[];
  /** Wall-clock time of each phase in the order they started; `parallel` marks phases run at the same time. */
  timings: { phase: string; seconds: number; parallel: boolean }[];
}

export function emptyResults(startedAt: Date, quick: boolean): RunResults {
  return {
    startedAt: startedAt.toISOString(),
    finishedAt: startedAt.toISOString(),
    durationS: 0,
    quick,
    skipped: [],
    machine: { cores: 0, cpuModel: '', memoryGiB: 0, node: '', postgres: '', os: '', loadStart: [], loadEnd: [] },
    data: null,
    api: null,
    upload: {},
    frontend: null,
    warehouse: {},
    algorithm: {},
    collection: {},
    standard: {},
    system: {},
    diagnosis: {},
    qualityView: {},
    dashboard: {},
    rival: {},
    crash: {},
    soak: null,
    profile: null,
    failures: [],
    timings: [],
  };
}

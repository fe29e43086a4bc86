/** How much data a scale holds. School is the issue's school; province is twenty schools' worth. */
export interface Scale {
  name: string;
  departments: number;
  users: number;
  /** Years of targets, the current one last. */
  years: number;
  tasksPerYear: number;
  reports: number;
  /**
   * A department whose staff the story casts in every part (the demo: 教务处, so bmfzr01 and rwfzr01 each have work
   * in every state; see castFocus in plan.ts). Also adds delays, urges and task reports around it.
   */
  focusDepartmentId?: string;
}

const SCHOOL = { departments: 120, users: 3000, years: 3, tasksPerYear: 2000, reports: 40_000 };

export const SCALES = {
  school: { name: 'school', ...SCHOOL },
  province: {
    name: 'province',
    departments: SCHOOL.departments * 20,
    users: SCHOOL.users * 20,
    years: SCHOOL.years,
    tasksPerYear: SCHOOL.tasksPerYear * 20,
    reports: SCHOOL.reports * 20,
  },
  /** For the crash test: enough tasks to write to, quick to generate. */
  small: { name: 'small', departments: 20, users: 300, years: 2, tasksPerYear: 200, reports: 2000 },
  /**
   * The product's demo data (seedDatabase with story): the demo departments and users only (no generated users, so
   * no extra password hashing), two years, a few dozen tasks a year, with 教务处 cast in every part.
   */
  demo: { name: 'demo', departments: 10, users: 0, years: 2, tasksPerYear: 40, reports: 150, focusDepartmentId: 'D02' },
  /** For tests. */
  tiny: { name: 'tiny', departments: 12, users: 60, years: 2, tasksPerYear: 40, reports: 200 },
} satisfies Record<string, Scale>;

export type ScaleName = keyof typeof SCALES;

export function scaleOf(name: string): Scale {
  if (!Object.hasOwn(SCALES, name)) {
    throw new Error(`unknown scale "${name}": use one of ${Object.keys(SCALES).join(', ')}`);
  }
  return SCALES[name as ScaleName];
}

/** How much data a scale holds. School is the issue's school; province is twenty schools' worth. */
export interface Scale {
  name: string;
  departments: number;
  users: number;
  /** Years of targets, the current one last. */
  years: number;
  tasksPerYear: number;
  reports: number;
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

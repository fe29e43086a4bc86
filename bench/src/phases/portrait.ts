import type { Db } from '@zg/server/src/db/client';
import { seedDemoPortrait } from '@zg/server/src/seed/portrait';
import { dataOf, type Session } from '../lib/http';
import { type LatencySummary, summarise } from '../lib/stats';

/**
 * 画像分析 (issue 35 item 1), after phases/diagnosis.ts on the same database (the demo warehouse of ~12 000 students,
 * the demo diagnosis task of the 40 majors): the portrait algorithms, grants and demo cards (`preparePortrait`, from
 * data.ts --diagnosis); then, as the leader xld01, a portrait page's data (the school's portrait: its cards, the
 * radar over the 40 majors' grades, the trend, the configured cards' value algorithms; and a major's) and the student
 * drill-down of a class of about 50 (queryStudentDownClass, size 50), one request at a time, 3 warm-up, then `repeats`
 * measured. The algorithms' results are cached by the runner after the first run, as on a running school.
 */

const C = '/api/herm-xxjk/CurrentPortraits';

export interface PortraitFigures {
  school: { cards: number; radarAxes: number; years: number; latency: LatencySummary };
  major: { latency: LatencySummary };
  classStudents: { students: number; latency: LatencySummary };
}

export const preparePortrait = (db: Db) => seedDemoPortrait(db);

async function timed(repeats: number, read: () => Promise<unknown>) {
  const samples: number[] = [];
  for (let i = 0; i < repeats + 3; i++) {
    const t = performance.now();
    await read();
    if (i >= 3) samples.push(performance.now() - t);
  }
  return summarise(samples);
}

interface PortraitData {
  cards: unknown[];
  radar: { axes: unknown[] } | null;
  trend: { years: number[] };
}

export async function measurePortrait(
  leader: Session,
  opts: { repeats: number; log: (line: string) => void },
): Promise<PortraitFigures> {
  const school = dataOf<PortraitData>(await leader.get(`${C}/querySchoolPortrait`), 'school portrait');
  const classes = dataOf<{ records: { 班级代码: string; 人数: number }[] }>(
    await leader.get(`${C}/queryStudentDown?kind=school&code=XX&size=200`),
    'classes',
  ).records;
  // The class nearest to 50 students.
  const klass = [...classes].sort((a, b) => Math.abs(a.人数 - 50) - Math.abs(b.人数 - 50))[0];
  if (!klass) throw new Error('portrait bench: no class');
  const studentsPath = `${C}/queryStudentDownClass?code=${encodeURIComponent(klass.班级代码)}&size=50`;
  const students = dataOf<{ records: unknown[] }>(await leader.get(studentsPath), 'class students').records.length;
  const figures: PortraitFigures = {
    school: {
      cards: school.cards.length,
      radarAxes: school.radar?.axes.length ?? 0,
      years: school.trend.years.length,
      latency: await timed(opts.repeats, async () => dataOf(await leader.get(`${C}/querySchoolPortrait`), 'school')),
    },
    major: {
      latency: await timed(opts.repeats, async () =>
        dataOf(await leader.get(`${C}/queryMajorPortrait?code=ZY0101`), 'major'),
      ),
    },
    classStudents: {
      students,
      latency: await timed(opts.repeats, async () => dataOf(await leader.get(studentsPath), 'class students')),
    },
  };
  opts.log(
    `school portrait (${figures.school.cards} cards, ${figures.school.radarAxes} radar axes, ${figures.school.years} years) p95 ${figures.school.latency.p95.toFixed(1)} ms; major p95 ${figures.major.latency.p95.toFixed(1)} ms; a class of ${students} p95 ${figures.classStudents.latency.p95.toFixed(1)} ms`,
  );
  return figures;
}

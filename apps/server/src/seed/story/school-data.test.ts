import { DIMENSIONS, identifierProblem } from '@zg/contract';
import { describe, expect, it } from 'vitest';
import { parseValue } from '../../modules/data-manage/data-manage.rules';
import { Random } from './random';
import {
  academicYearOf,
  type DemoTable,
  generateSchool,
  normal,
  normalQuantile,
  schoolDimensionObjects,
} from './school-data';

const school = generateSchool({ lastYear: 2026 });
const table = (name: string) => school.tables.find((t) => t.name === name)!;
/** A column of a table by field name. */
const column = (t: DemoTable, field: string) => {
  const i = t.fields.findIndex((f) => f.name === field);
  expect(i, `${t.name}.${field}`).toBeGreaterThanOrEqual(0);
  return t.rows.map((r) => r[i]);
};
const groupBy = <T>(items: T[], key: (x: T) => string) => {
  const m = new Map<string, T[]>();
  for (const x of items) m.set(key(x), [...(m.get(key(x)) ?? []), x]);
  return m;
};
const sum = (xs: unknown[]) => xs.reduce<number>((s, x) => s + Number(x), 0);

describe('the demo school of the warehouse', () => {
  it('is the same for the same seed and year, and differs for another seed', () => {
    expect(JSON.stringify(generateSchool({ lastYear: 2026 }))).toBe(JSON.stringify(school));
    expect(JSON.stringify(generateSchool({ lastYear: 2026, seed: 1 }).tables)).not.toBe(JSON.stringify(school.tables));
    expect(school.academicYears).toEqual(['2022-2023', '2023-2024', '2024-2025', '2025-2026', '2026-2027']);
  });

  it('holds the issue’s school: 8 colleges, 40 majors, 1 200 courses, 600 teachers, about 12 000 students', () => {
    expect(table('jx_college').rows).toHaveLength(8);
    expect(table('jx_major').rows).toHaveLength(40);
    expect(table('jx_course').rows).toHaveLength(1200);
    expect(table('jx_teacher').rows).toHaveLength(600);
    const students = table('jx_student').rows.length;
    expect(students).toBeGreaterThan(11_000);
    expect(students).toBeLessThan(13_000);
    expect(table('jx_enrolment').rows).toHaveLength(200);
    // Every class's head count adds up to the students; each class holds at most about 45 (plus rounding).
    const sizes = column(table('jx_class'), 'students').map(Number);
    expect(sum(sizes)).toBe(students);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(70);
    for (const name of ['jx_course_result', 'jx_employment', 'jx_internship', 'jx_equipment'])
      expect(table(name).rows.length, name).toBeGreaterThan(2500);
  });

  it('defines valid tables: identifiers the warehouse takes, every value fits its field, unique fields unique', () => {
    for (const t of school.tables) {
      expect(identifierProblem(t.name, 'table')).toBeNull();
      for (const [i, f] of t.fields.entries()) {
        expect(identifierProblem(f.name, 'field'), `${t.name}.${f.name}`).toBeNull();
        if (f.dimension) expect(DIMENSIONS.map((d) => d.code)).toContain(f.dimension);
        const def = {
          id: i + 1,
          name: f.name,
          label: f.label,
          type: f.type,
          length: f.length ?? null,
          scale: f.scale ?? null,
          required: f.required ?? false,
          unique: f.unique ?? false,
        };
        const keys = new Set<string>();
        const bad: string[] = [];
        for (const row of t.rows) {
          if (row.length !== t.fields.length) bad.push(`row of ${row.length} values`);
          const v = row[i];
          const parsed = parseValue(def, v === null ? null : String(v));
          if (!parsed.ok) bad.push(`${v}: ${parsed.rule}`);
          else if (def.unique && parsed.key !== null) {
            if (keys.has(parsed.key)) bad.push(`duplicate ${v}`);
            keys.add(parsed.key);
          }
        }
        expect(bad.slice(0, 3), `${t.name}.${f.name}`).toEqual([]);
      }
    }
  });

  it('links codes: every major, course, class, teacher and student named in a table exists', () => {
    const codes = (t: string, f: string) => new Set(column(table(t), f).map(String));
    const majors = codes('jx_major', 'major_code');
    const courses = codes('jx_course', 'course_code');
    const classes = codes('jx_class', 'class_code');
    const teachers = codes('jx_teacher', 'teacher_code');
    const students = codes('jx_student', 'student_no');
    const colleges = codes('jx_college', 'college_code');
    for (const t of school.tables)
      for (const f of t.fields) {
        if (!f.dimension) continue;
        const known = {
          college: colleges,
          major: majors,
          course: courses,
          class: classes,
          teacher: teachers,
          student: students,
        }[f.dimension];
        for (const v of column(t, f.name))
          if (v !== null) expect(known.has(String(v)), `${t.name}.${f.name} ${v}`).toBe(true);
      }
  });

  it('gives scores roughly normal and pass rates of 85-97 % by major', () => {
    const t = table('jx_course_result');
    const rows = t.rows.map((r) => Object.fromEntries(t.fields.map((f, i) => [f.name, r[i]])));
    const byMajor = groupBy(rows, (r) => String(r.class_code).slice(2, 6));
    expect(byMajor.size).toBe(40);
    for (const [major, rs] of byMajor) {
      const rate = sum(rs.map((r) => r.passed)) / sum(rs.map((r) => r.students));
      expect(rate, major).toBeGreaterThan(0.85);
      expect(rate, major).toBeLessThan(0.97);
    }
    const means = rows.map((r) => Number(r.avg_score));
    const mean = sum(means) / means.length;
    expect(mean).toBeGreaterThan(70);
    expect(mean).toBeLessThan(80);
    for (const r of rows) {
      expect(Number(r.min_score)).toBeLessThanOrEqual(Number(r.avg_score));
      expect(Number(r.max_score)).toBeGreaterThanOrEqual(Number(r.avg_score));
    }
    // The generator's normal deviates: mean 0, sd 1, about 68 % within one sd.
    const rnd = new Random(5);
    const xs = Array.from({ length: 20_000 }, () => normal(rnd));
    const m = sum(xs) / xs.length;
    const sd = Math.sqrt(sum(xs.map((x) => (x - m) ** 2)) / xs.length);
    expect(Math.abs(m)).toBeLessThan(0.03);
    expect(Math.abs(sd - 1)).toBeLessThan(0.03);
    expect(xs.filter((x) => Math.abs(x) < 1).length / xs.length).toBeCloseTo(0.683, 1);
    expect(normalQuantile(0.975)).toBeCloseTo(1.96, 3);
    expect(normalQuantile(0.01)).toBeCloseTo(-2.326, 3);
  });

  it('gives employment rates of 88-98 % by major, only for graduated cohorts', () => {
    const t = table('jx_employment');
    const byMajor = groupBy(t.rows, (r) => String(r[1]));
    expect(byMajor.size).toBe(40);
    for (const [major, rs] of byMajor) {
      const rate = rs.filter((r) => r[3] !== '待就业').length / rs.length;
      expect(rate, major).toBeGreaterThan(0.88);
      expect(rate, major).toBeLessThan(0.985);
    }
    expect(new Set(column(t, 'graduation_year'))).toEqual(new Set([2025, 2026]));
    const salaries = column(t, 'monthly_salary')
      .filter((v) => v !== null)
      .map(Number);
    const mean = sum(salaries) / salaries.length;
    expect(mean).toBeGreaterThan(4000);
    expect(mean).toBeLessThan(7000);
  });

  it('enrols by major and year, with a registration rate under the admissions', () => {
    const t = table('jx_enrolment');
    expect(new Set(column(t, 'academic_year')).size).toBe(5);
    for (const r of t.rows) {
      const [planned, admitted, registered] = [Number(r[3]), Number(r[4]), Number(r[5])];
      expect(planned).toBeGreaterThanOrEqual(20);
      expect(registered).toBeLessThanOrEqual(admitted);
      expect(Math.abs(admitted - planned) / planned).toBeLessThan(0.06);
    }
    // Students enrolled per year follow the enrolment's registered counts.
    const registered = groupBy(t.rows, (r) => String(r[1]));
    const students = groupBy(table('jx_student').rows, (r) => String(r[7]));
    for (const [year, rs] of registered) expect(students.get(year)?.length).toBe(sum(rs.map((r) => r[5])));
  });

  it('gives teachers a title pyramid and degrees, and equipment log-normal values by category', () => {
    const t = table('jx_teacher');
    const share = (field: string, value: string) => column(t, field).filter((v) => v === value).length / t.rows.length;
    expect(share('title', '讲师')).toBeGreaterThan(0.35);
    expect(share('title', '教授')).toBeLessThan(0.12);
    expect(share('title', '副教授')).toBeGreaterThan(share('title', '教授'));
    expect(share('degree', '硕士')).toBeGreaterThan(0.5);
    expect(share('degree', '博士')).toBeGreaterThan(0.05);
    const e = table('jx_equipment');
    const byCategory = groupBy(e.rows, (r) => String(r[2]));
    const median = (c: string) => {
      const xs = byCategory
        .get(c)!
        .map((r) => Number(r[5]))
        .sort((a, b) => a - b);
      return xs[Math.floor(xs.length / 2)]!;
    };
    expect(median('实训设备')).toBeGreaterThan(median('计算机及网络设备'));
    expect(median('计算机及网络设备')).toBeGreaterThan(median('教学家具'));
    expect(median('实训设备')).toBeGreaterThan(30_000);
  });

  it('lists the dimension objects with their parents: the school, colleges, majors, courses, classes, teachers', () => {
    const objects = schoolDimensionObjects({ lastYear: 2026 });
    const count = (type: string) => objects.filter((o) => o.typeCode === type).length;
    expect([count('school'), count('college'), count('major'), count('course'), count('teacher')]).toEqual([
      1, 8, 40, 1200, 600,
    ]);
    expect(count('class')).toBe(table('jx_class').rows.length);
    const byCode = new Map(objects.map((o) => [`${o.typeCode}:${o.code}`, o]));
    expect(byCode.size).toBe(objects.length);
    const parentType = {
      school: null,
      college: 'school',
      major: 'college',
      course: 'major',
      class: 'major',
      teacher: 'college',
    } as const;
    for (const o of objects) {
      const type = parentType[o.typeCode];
      if (type === null) expect(o.parentCode).toBeUndefined();
      else expect(byCode.has(`${type}:${o.parentCode}`), `${o.code} -> ${o.parentCode}`).toBe(true);
      expect(o.name.length).toBeGreaterThan(0);
    }
    expect(objects.find((o) => o.code === 'ZY0101')).toEqual({
      typeCode: 'major',
      code: 'ZY0101',
      name: '软件技术',
      parentCode: 'XY01',
    });
  });

  it('gives fitness scores, certificates, good rates and training rooms plausible values (the indicators’ inputs)', () => {
    const students = table('jx_student');
    const fitness = column(students, 'fitness_score').map(Number);
    const passed = fitness.filter((x) => x >= 60).length / fitness.length;
    expect(passed).toBeGreaterThan(0.88);
    expect(passed).toBeLessThan(0.99);
    const enrolled = column(students, 'enrol_year').map(Number);
    const certified = column(students, 'certificate');
    const rateOf = (years: (y: number) => boolean) => {
      const idx = enrolled.flatMap((y, i) => (years(y) ? [i] : []));
      return idx.filter((i) => certified[i] === true).length / idx.length;
    };
    // Certificates come in the second and third years: most graduates hold one, few freshmen do.
    expect(rateOf((y) => y <= 2023)).toBeGreaterThan(0.7);
    expect(rateOf((y) => y <= 2023)).toBeLessThan(0.95);
    expect(rateOf((y) => y === 2026)).toBeLessThan(0.05);
    const results = table('jx_course_result');
    const good = column(results, 'good_rate').map(Number);
    const excellent = column(results, 'excellent_rate').map(Number);
    const pass = column(results, 'pass_rate').map(Number);
    good.forEach((g, i) => {
      expect(g).toBeGreaterThanOrEqual(excellent[i]!);
      expect(g).toBeLessThanOrEqual(pass[i]!);
    });
    const rooms = table('jx_training_room');
    const byMajor = groupBy(rooms.rows, (r) => String(r[3]));
    expect(byMajor.size).toBe(40);
    const inSchool = enrolled.filter((y) => y >= 2024).length;
    const places = sum(column(rooms, 'stations'));
    expect(places / inSchool).toBeGreaterThan(0.6);
    expect(places / inSchool).toBeLessThan(1.5);
  });

  it('dates academic years from September', () => {
    expect(academicYearOf('2026-11-26')).toBe(2026);
    expect(academicYearOf('2026-08-31')).toBe(2025);
  });
});

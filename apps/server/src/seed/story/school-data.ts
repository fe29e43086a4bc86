import type { FieldType } from '@zg/contract';
import { GIVEN, SURNAMES } from './names';
import { Random } from './random';
import {
  CITIES,
  COLLEGES,
  COURSE_TYPES,
  DEGREES,
  DESTINATIONS,
  EMPLOYER_TYPES,
  EQUIPMENT,
  EQUIPMENT_STATES,
  FIRM_KINDS,
  FIRM_WORDS,
  INTERN_POSITIONS,
  PROVINCES,
  PUBLIC_COURSES,
  TITLES,
  WORK_PLACES,
} from './school-words';

/**
 * The demo school's teaching data for the data warehouse (教学数据仓库): five academic years of a vocational college
 * of about 12 000 students, 600 teachers, 40 majors in 8 colleges and 1 200 courses, with course results, employment,
 * teaching equipment, enrolment and internships. Pure and deterministic: the same seed and last year give the same
 * tables, row for row. Plausible by construction: scores are normal around a mean set per major so that its pass
 * rate lands in 85-97 %; each major's employment rate is drawn in 88-98 %; enrolment follows each major's size and a
 * trend; titles and degrees follow a usual pyramid; equipment values are log-normal by category.
 *
 * Codes name the dimension objects (学院 XY01, 专业 ZY0101, 课程 KC010101, 班级 BJ0101-2024-1, 教师 JS0001); fields
 * holding such a code carry the dimension type's code, and `schoolDimensionObjects` lists the objects themselves.
 */

/** A field of a demo table, as the warehouse defines fields (ckbzd); `dimension` is a dimension type's code. */
export interface DemoField {
  name: string;
  label: string;
  type: FieldType;
  length?: number | null;
  scale?: number | null;
  required?: boolean;
  unique?: boolean;
  dimension?: 'college' | 'major' | 'course' | 'class' | 'teacher' | 'student';
}

export type DemoValue = string | number | boolean | null;

export interface DemoTable {
  name: string;
  label: string;
  remark: string;
  fields: DemoField[];
  /** One value per field, in the fields' order; dates as YYYY-MM-DD. */
  rows: DemoValue[][];
}

/** A dimension object (维度对象): the school, a college, a major, a course, a class or a teacher, with its parent's code. */
export interface DimensionObject {
  typeCode: 'school' | 'college' | 'major' | 'course' | 'class' | 'teacher';
  code: string;
  name: string;
  parentCode?: string;
}

export interface SchoolOptions {
  seed?: number;
  /** The first calendar year of the last (current) academic year: 2026 for 2026-2027. */
  lastYear: number;
  /** Academic years (default 5). */
  years?: number;
}

export interface School {
  /** The academic years, oldest first: '2022-2023' ... */
  academicYears: string[];
  tables: DemoTable[];
  dimensionObjects: DimensionObject[];
}

/** The demo school itself, the parent of its colleges (学校 XX): what a school-wide indicator is computed for. */
export const DEMO_SCHOOL = { code: 'XX', name: '演示职业技术学院' } as const;

export const SCHOOL_WAREHOUSE = { name: '教学数据仓库', remark: '演示学校近五个学年的教学基础数据（自动生成）' };

/** The academic year a day falls in: September onwards starts the next one. */
export function academicYearOf(day: string): number {
  const year = Number(day.slice(0, 4));
  return Number(day.slice(5, 7)) >= 9 ? year : year - 1;
}

// ---- distributions ----

/** A standard normal deviate (Box-Muller; one per call, simple and deterministic). */
export function normal(rnd: Random, mean = 0, sd = 1): number {
  const u = 1 - rnd.next();
  const v = rnd.next();
  return mean + sd * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

/** The standard normal's quantile (Acklam's rational approximation; good to 1e-9 for 0 < p < 1). */
export function normalQuantile(p: number): number {
  const a = [
    -39.69683028665376, 220.9460984245205, -275.9285104469687, 138.357751867269, -30.66479806614716, 2.506628277459239,
  ];
  const b = [-54.47609879822406, 161.5858368580409, -155.6989798598866, 66.80131188771972, -13.28068155288572];
  const c = [
    -0.007784894002430293, -0.3223964580411365, -2.400758277161838, -2.549732539343734, 4.374664141464968,
    2.938163982698783,
  ];
  const d = [0.007784695709041462, 0.3224671290700398, 2.445134137142996, 3.754408661907416];
  const lo = 0.02425;
  if (p < lo) {
    const q = Math.sqrt(-2 * Math.log(p));
    return (
      (((((c[0]! * q + c[1]!) * q + c[2]!) * q + c[3]!) * q + c[4]!) * q + c[5]!) /
      ((((d[0]! * q + d[1]!) * q + d[2]!) * q + d[3]!) * q + 1)
    );
  }
  if (p > 1 - lo) return -normalQuantile(1 - p);
  const q = p - 0.5;
  const r = q * q;
  return (
    ((((((a[0]! * r + a[1]!) * r + a[2]!) * r + a[3]!) * r + a[4]!) * r + a[5]!) * q) /
    (((((b[0]! * r + b[1]!) * r + b[2]!) * r + b[3]!) * r + b[4]!) * r + 1)
  );
}

function weighted<T extends { share: number }>(rnd: Random, items: readonly T[]): T {
  let x = rnd.next() * items.reduce((s, i) => s + i.share, 0);
  for (const item of items) {
    x -= item.share;
    if (x < 0) return item;
  }
  return items[items.length - 1]!;
}

const uniform = (rnd: Random, min: number, max: number) => min + (max - min) * rnd.next();
const round = (v: number, places = 0) => Math.round(v * 10 ** places) / 10 ** places;
const pad = (n: number, width: number) => String(n).padStart(width, '0');
const dayOf = (y: number, m: number, d: number) => `${y}-${pad(m, 2)}-${pad(d, 2)}`;
const clamp = (v: number, min: number, max: number) => Math.min(max, Math.max(min, v));

function personName(rnd: Random) {
  return rnd.pick(SURNAMES) + rnd.pick(GIVEN) + (rnd.chance(0.35) ? rnd.pick(GIVEN).slice(0, 1) : '');
}

// ---- the school ----

/** Target size of one cohort over the whole school (5 cohorts: about 12 000 students). */
const COHORT = 2400;
const CLASS_SIZE = 45;
/** Courses per major: 6 public, 20 of the college's, 4 of its own (30 × 40 majors = 1 200). */
const COURSES_PER_MAJOR = 30;
/** Courses a class takes a term: a three-year programme of six terms takes all 30. */
const COURSES_PER_TERM = 5;
const TEACHERS = 600;
const EQUIPMENT_ITEMS = 3000;

interface Major {
  code: string;
  name: string;
  college: number;
  collegeCode: string;
  /** Share of the school's intake, before the yearly trend. */
  weight: number;
  trend: number;
  passRate: number;
  employmentRate: number;
  relatedRate: number;
  salary: number;
  founded: number;
  courses: { code: string; name: string; type: string; credits: number; hours: number; exam: boolean; slot: number }[];
}

/** Generates the demo school (see the file's comment). */
export function generateSchool(opts: SchoolOptions): School {
  const years = opts.years ?? 5;
  const root = new Random(opts.seed ?? 20_260_917);
  const firstYear = opts.lastYear - years + 1;
  const yearsList = Array.from({ length: years }, (_, i) => firstYear + i);
  const ay = (y: number) => `${y}-${y + 1}`;

  // Colleges and majors.
  const collegeRows: DemoValue[][] = [];
  const majors: Major[] = [];
  const rm = root.fork('majors');
  COLLEGES.forEach((c, ci) => {
    const code = `XY${pad(ci + 1, 2)}`;
    collegeRows.push([code, c.name, personName(rm), 1998 + rm.int(0, 20)]);
    c.majors.forEach((name, mi) => {
      const passRate = uniform(rm, 0.86, 0.96);
      const pool = rm.shuffle([...c.courses]);
      const mcode = `ZY${pad(ci + 1, 2)}${pad(mi + 1, 2)}`;
      const names = [
        ...PUBLIC_COURSES,
        `${name}专业导论`,
        ...pool,
        `${name}综合实训`,
        `${name}技能训练`,
        `${name}毕业设计`,
      ];
      if (names.length !== COURSES_PER_MAJOR) throw new Error(`${name}: ${names.length} courses`);
      majors.push({
        code: mcode,
        name,
        college: ci,
        collegeCode: code,
        weight: Math.exp(normal(rm, 0, 0.3)),
        trend: uniform(rm, -0.04, 0.08),
        passRate,
        employmentRate: uniform(rm, 0.895, 0.97),
        relatedRate: uniform(rm, 0.6, 0.9),
        salary: 4200 + rm.int(0, 1800),
        founded: 2000 + rm.int(0, 18),
        courses: names.map((n, k) => {
          const type =
            k < PUBLIC_COURSES.length
              ? COURSE_TYPES[0]
              : k < 14
                ? COURSE_TYPES[1]
                : k < 24
                  ? COURSE_TYPES[2]
                  : k < 27
                    ? COURSE_TYPES[3]
                    : COURSE_TYPES[4];
          const credits = type === COURSE_TYPES[4] ? rm.pick([1, 2, 4]) : rm.pick([2, 2.5, 3, 3.5, 4]);
          return {
            code: `KC${pad(ci + 1, 2)}${pad(mi + 1, 2)}${pad(k + 1, 2)}`,
            name: n,
            type,
            credits,
            hours: Math.round(credits * 16),
            exam: type !== COURSE_TYPES[4] && rm.chance(0.7),
            // Public courses in the first year, then by kind; each term of the six takes five.
            slot: 0,
          };
        }),
      });
      const m = majors[majors.length - 1]!;
      m.courses.forEach((course, k) => {
        course.slot = Math.floor(k / COURSES_PER_TERM);
      });
    });
  });
  const weightSum = majors.reduce((s, m) => s + m.weight, 0);

  // Teachers: by college in proportion to its majors' size, titles and degrees in a usual pyramid.
  const rt = root.fork('teachers');
  const teacherRows: DemoValue[][] = [];
  const teachersOf: string[][] = COLLEGES.map(() => []);
  const collegeWeight = COLLEGES.map((_, ci) =>
    majors.filter((m) => m.college === ci).reduce((s, m) => s + m.weight, 0),
  );
  const teacherCounts = collegeWeight.map((w) => Math.round((w / weightSum) * TEACHERS));
  teacherCounts[0]! += TEACHERS - teacherCounts.reduce((s, n) => s + n, 0);
  let tn = 0;
  teacherCounts.forEach((n, ci) => {
    for (let i = 0; i < n; i++) {
      tn++;
      const code = `JS${pad(tn, 4)}`;
      const title = weighted(rt, TITLES).name;
      const senior = title === '教授' ? 14 : title === '副教授' ? 8 : title === '助教' ? -6 : 0;
      const age = clamp(Math.round(normal(rt, 40 + senior, 6)), 24, 60);
      const degree = title === '助教' && rt.chance(0.7) ? '硕士' : weighted(rt, DEGREES).name;
      const birthYear = opts.lastYear - age;
      const hired = clamp(birthYear + 24 + rt.int(0, 8), 1990, opts.lastYear);
      teacherRows.push([
        code,
        personName(rt),
        rt.chance(0.52) ? '女' : '男',
        dayOf(birthYear, rt.int(1, 12), rt.int(1, 28)),
        `XY${pad(ci + 1, 2)}`,
        title,
        degree,
        rt.chance(title === '助教' ? 0.3 : 0.62),
        dayOf(hired, rt.pick([7, 8, 9]), rt.int(1, 28)),
      ]);
      teachersOf[ci]!.push(code);
    }
  });
  // Each course's teachers: one to three of its college.
  const teachersOfCourse = new Map<string, string[]>();
  const rc = root.fork('course-teachers');
  for (const m of majors)
    for (const c of m.courses)
      teachersOfCourse.set(
        c.code,
        Array.from({ length: rc.int(1, 3) }, () => rc.pick(teachersOf[m.college]!)),
      );

  // Enrolment, classes and students.
  const re = root.fork('enrolment');
  const enrolRows: DemoValue[][] = [];
  const classRows: DemoValue[][] = [];
  const studentRows: DemoValue[][] = [];
  const classes: { code: string; major: Major; grade: number; students: string[] }[] = [];
  const leftEarly = new Set<string>();
  for (const y of yearsList) {
    for (const m of majors) {
      const size = (COHORT * m.weight) / weightSum;
      const planned = Math.max(20, Math.round((size * (1 + m.trend * (y - firstYear))) / 5) * 5);
      const admitted = Math.round(planned * uniform(re, 0.96, 1.02));
      const registered = Math.round(admitted * uniform(re, 0.91, 0.98));
      const firstChoice = round(uniform(re, 62, 95), 2);
      enrolRows.push([
        ay(y),
        y,
        m.code,
        planned,
        admitted,
        registered,
        round((registered / admitted) * 100, 2),
        firstChoice,
      ]);
      const nClasses = Math.max(1, Math.round(registered / CLASS_SIZE));
      const classOf: { code: string; major: Major; grade: number; students: string[] }[] = [];
      for (let k = 1; k <= nClasses; k++) {
        const code = `BJ${m.code.slice(2)}${y}${k}`;
        const cls = { code, major: m, grade: y, students: [] as string[] };
        classOf.push(cls);
        classes.push(cls);
      }
      for (let s = 1; s <= registered; s++) {
        const no = `${y}${m.code.slice(2)}${pad(s, 3)}`;
        const cls = classOf[(s - 1) % nClasses]!;
        cls.students.push(no);
        const graduated = y + 3 <= opts.lastYear;
        const left = re.chance(0.02);
        if (left) leftEarly.add(no);
        const status = left ? '退学' : graduated ? '毕业' : re.chance(0.01) ? '休学' : '在读';
        studentRows.push([
          no,
          personName(re),
          re.chance(m.college === 6 || m.college === 7 ? 0.72 : m.college === 1 || m.college === 5 ? 0.18 : 0.5)
            ? '女'
            : '男',
          dayOf(y - 18 - (re.chance(0.2) ? 1 : 0), re.int(1, 12), re.int(1, 28)),
          cls.code,
          m.code,
          m.collegeCode,
          y,
          status,
          weighted(re, PROVINCES).name,
        ]);
      }
      for (const cls of classOf) {
        classRows.push([
          cls.code,
          `${m.name}${String(y).slice(2)}${classOf.length > 1 ? `(${classOf.indexOf(cls) + 1})` : ''}班`,
          m.code,
          y,
          re.pick(teachersOf[m.college]!),
          cls.students.length,
        ]);
      }
    }
  }

  // Physical fitness (体质测试, the latest test) and vocational certificates (职业资格证书), drawn apart so the rows
  // above stay as they were: certificates come in the second and third years, most by graduation.
  const rf = root.fork('fitness');
  const certRate = new Map(majors.map((m) => [m.code, uniform(rf, 0.72, 0.93)]));
  for (const row of studentRows) {
    const enrolled = Number(row[7]);
    const years = opts.lastYear - enrolled;
    const fitness = clamp(Math.round(normal(rf, 75, 9)), 30, 100);
    const rate = certRate.get(String(row[5]))!;
    const certificate = rf.chance(years >= 2 ? rate : years === 1 ? rate * 0.35 : 0.02);
    row.push(fitness, certificate);
  }

  // Course results, class by class: scores normal around a mean that gives the major its pass rate.
  const rr = root.fork('results');
  const resultRows: DemoValue[][] = [];
  const SD = 11;
  for (const cls of classes) {
    const m = cls.major;
    const majorMean = 60 + SD * normalQuantile(m.passRate);
    for (let grade = 1; grade <= 3; grade++) {
      const year = cls.grade + grade - 1;
      if (year > opts.lastYear) break;
      for (let term = 1; term <= 2; term++) {
        // The current year's spring term is not over yet.
        if (year === opts.lastYear && term === 2) break;
        const slot = (grade - 1) * 2 + (term - 1);
        for (const c of m.courses.filter((x) => x.slot === slot)) {
          const mean = majorMean + normal(rr, 0, 1.5);
          let sum = 0;
          let max = 0;
          let min = 100;
          let pass = 0;
          let excellent = 0;
          let good = 0;
          const n = cls.students.length;
          for (let i = 0; i < n; i++) {
            const score = clamp(Math.round(normal(rr, mean, SD)), 0, 100);
            sum += score;
            max = Math.max(max, score);
            min = Math.min(min, score);
            if (score >= 60) pass++;
            if (score >= 90) excellent++;
            if (score >= 80) good++;
          }
          resultRows.push([
            ay(year),
            term,
            c.code,
            cls.code,
            rr.pick(teachersOfCourse.get(c.code)!),
            n,
            round(sum / n, 2),
            max,
            min,
            pass,
            round((pass / n) * 100, 2),
            round((excellent / n) * 100, 2),
            round((good / n) * 100, 2),
          ]);
        }
      }
    }
  }

  // Internships (the third year) and employment (graduates).
  const ri = root.fork('internships');
  const internRows: DemoValue[][] = [];
  const employRows: DemoValue[][] = [];
  for (const cls of classes) {
    const m = cls.major;
    const college = COLLEGES[m.college]!.name;
    const internYear = cls.grade + 2;
    if (internYear > opts.lastYear) continue;
    const graduated = cls.grade + 3 <= opts.lastYear;
    const finishing = cls.students.filter((no) => !leftEarly.has(no));
    // Exactly the major's rate of each class is employed (a draw per student would stray too far in a class of 45).
    const unemployed = new Set(
      ri.shuffle([...finishing]).slice(0, Math.round(finishing.length * (1 - m.employmentRate))),
    );
    for (const no of finishing) {
      const start = dayOf(internYear + 1, 2, ri.int(20, 28));
      const months = ri.int(4, 6);
      const related = ri.chance(m.relatedRate + 0.05);
      const score = clamp(Math.round(normal(ri, 83, 7)), 40, 100);
      internRows.push([
        no,
        m.code,
        ay(internYear),
        `${ri.pick(CITIES)}${ri.pick(FIRM_WORDS)}${ri.pick(FIRM_KINDS[college]!)}有限公司`.replace(
          '人民医院有限公司',
          '人民医院',
        ),
        ri.pick(INTERN_POSITIONS[college]!),
        start,
        dayOf(internYear + 1, 2 + months, 28),
        related,
        score,
        score >= 90 ? '优秀' : score >= 80 ? '良好' : score >= 60 ? '合格' : '不合格',
      ]);
      if (!graduated) continue;
      const destination = !unemployed.has(no) ? weighted(ri, DESTINATIONS).name : '待就业';
      const working = destination === '协议就业' || destination === '灵活就业' || destination === '自主创业';
      employRows.push([
        no,
        m.code,
        internYear + 1,
        destination,
        working ? weighted(ri, EMPLOYER_TYPES).name : null,
        working ? Math.round(normal(ri, m.salary + (internYear - firstYear) * 150, 700) / 10) * 10 : null,
        working ? ri.chance(m.relatedRate) : null,
        working ? weighted(ri, WORK_PLACES).name : null,
      ]);
    }
  }

  // Training rooms on campus (校内实训室): each major's rooms and work places (工位), about one place per student.
  const rk = root.fork('rooms');
  const roomRows: DemoValue[][] = [];
  for (const m of majors) {
    const students = studentRows.filter((r) => r[5] === m.code && r[8] !== '退学').length;
    let places = 0;
    const target = students * uniform(rk, 0.45, 0.75);
    for (let k = 1; places < target || k <= 2; k++) {
      const stations = rk.int(3, 12) * 5;
      places += stations;
      roomRows.push([
        `SX${m.code.slice(2)}${pad(k, 2)}`,
        `${m.name}实训室${k}`,
        m.collegeCode,
        m.code,
        stations,
        round(stations * uniform(rk, 2.2, 3.5), 1),
        opts.lastYear - rk.int(0, 15),
      ]);
    }
  }

  // Teaching equipment: log-normal values by category, bought over the last ten years.
  const rq = root.fork('equipment');
  const equipmentRows: DemoValue[][] = [];
  for (let i = 1; i <= EQUIPMENT_ITEMS; i++) {
    const kind = weighted(rq, EQUIPMENT);
    const m = rq.pick(majors);
    const price = round(clamp(kind.median * Math.exp(normal(rq, 0, kind.spread)), 200, 2_000_000), 2);
    const bought = opts.lastYear - rq.int(0, 9);
    equipmentRows.push([
      `ZC${pad(i, 6)}`,
      rq.pick(kind.names),
      kind.category,
      m.collegeCode,
      m.code,
      price,
      kind.category === '教学家具' ? rq.int(10, 60) : kind.category === '实训设备' ? rq.int(1, 4) : rq.int(1, 30),
      dayOf(bought, rq.int(1, 12), rq.int(1, 28)),
      weighted(rq, EQUIPMENT_STATES).name,
    ]);
  }

  const courseRows: DemoValue[][] = majors.flatMap((m) =>
    m.courses.map((c) => [c.code, c.name, m.code, c.type, c.credits, c.hours, c.exam ? '考试' : '考查']),
  );
  const majorRows: DemoValue[][] = majors.map((m) => [m.code, m.name, m.collegeCode, 3, m.founded, m.passRate > 0.93]);

  const text = (name: string, label: string, length: number, more: Partial<DemoField> = {}): DemoField => ({
    name,
    label,
    type: 'text',
    length,
    ...more,
  });
  const int = (name: string, label: string, more: Partial<DemoField> = {}): DemoField => ({
    name,
    label,
    type: 'integer',
    ...more,
  });
  const dec = (name: string, label: string, length: number, scale: number): DemoField => ({
    name,
    label,
    type: 'decimal',
    length,
    scale,
  });
  const key = { required: true, unique: true } as const;
  const req = { required: true } as const;
  const college = (label = '学院代码') => text('college_code', label, 10, { required: true, dimension: 'college' });
  const major = (label = '专业代码') => text('major_code', label, 10, { required: true, dimension: 'major' });
  const academicYear = text('academic_year', '学年', 9, req);

  const tables: DemoTable[] = [
    {
      name: 'jx_college',
      label: '学院',
      remark: '二级学院',
      fields: [
        text('college_code', '学院代码', 10, { ...key, dimension: 'college' }),
        text('college_name', '学院名称', 30, req),
        text('dean', '院长', 20),
        int('founded', '成立年份'),
      ],
      rows: collegeRows,
    },
    {
      name: 'jx_major',
      label: '专业',
      remark: '开设专业（学制三年）',
      fields: [
        text('major_code', '专业代码', 10, { ...key, dimension: 'major' }),
        text('major_name', '专业名称', 30, req),
        college(),
        int('duration', '学制（年）'),
        int('founded', '开设年份'),
        { name: 'is_key', label: '是否重点专业', type: 'boolean' },
      ],
      rows: majorRows,
    },
    {
      name: 'jx_course',
      label: '课程',
      remark: '各专业人才培养方案中的课程',
      fields: [
        text('course_code', '课程代码', 12, { ...key, dimension: 'course' }),
        text('course_name', '课程名称', 40, req),
        major(),
        text('course_type', '课程类型', 10),
        dec('credits', '学分', 4, 1),
        int('hours', '学时'),
        text('assessment', '考核方式', 4),
      ],
      rows: courseRows,
    },
    {
      name: 'jx_teacher',
      label: '教师',
      remark: '专任教师',
      fields: [
        text('teacher_code', '工号', 10, { ...key, dimension: 'teacher' }),
        text('teacher_name', '姓名', 20, req),
        text('sex', '性别', 2),
        { name: 'birth_date', label: '出生日期', type: 'date' },
        college('所在学院'),
        text('title', '职称', 10),
        text('degree', '最高学位', 10),
        { name: 'dual_qualified', label: '是否双师型', type: 'boolean' },
        { name: 'hire_date', label: '入职日期', type: 'date' },
      ],
      rows: teacherRows,
    },
    {
      name: 'jx_class',
      label: '班级',
      remark: '行政班',
      fields: [
        text('class_code', '班级代码', 16, { ...key, dimension: 'class' }),
        text('class_name', '班级名称', 40, req),
        major(),
        int('grade', '年级', req),
        text('head_teacher', '班主任工号', 10, { dimension: 'teacher' }),
        int('students', '人数'),
      ],
      rows: classRows,
    },
    {
      name: 'jx_student',
      label: '学生',
      remark: '近五个学年入学的学生',
      fields: [
        text('student_no', '学号', 12, { ...key, dimension: 'student' }),
        text('student_name', '姓名', 20, req),
        text('sex', '性别', 2),
        { name: 'birth_date', label: '出生日期', type: 'date' },
        text('class_code', '班级代码', 16, { required: true, dimension: 'class' }),
        major(),
        college(),
        int('enrol_year', '入学年份', req),
        text('status', '学籍状态', 10),
        text('origin', '生源地', 10),
        int('fitness_score', '体质测试成绩'),
        { name: 'certificate', label: '获得职业资格证书', type: 'boolean' },
      ],
      rows: studentRows,
    },
    {
      name: 'jx_enrolment',
      label: '招生录取',
      remark: '各专业各学年的招生计划、录取与报到',
      fields: [
        academicYear,
        int('enrol_year', '招生年份', req),
        major(),
        int('planned', '计划数'),
        int('admitted', '录取数'),
        int('registered', '报到数'),
        dec('registration_rate', '报到率（%）', 5, 2),
        dec('first_choice_rate', '第一志愿率（%）', 5, 2),
      ],
      rows: enrolRows,
    },
    {
      name: 'jx_course_result',
      label: '课程成绩',
      remark: '按班级汇总的课程考核成绩',
      fields: [
        academicYear,
        int('term', '学期', req),
        text('course_code', '课程代码', 12, { required: true, dimension: 'course' }),
        text('class_code', '班级代码', 16, { required: true, dimension: 'class' }),
        text('teacher_code', '任课教师工号', 10, { dimension: 'teacher' }),
        int('students', '考核人数'),
        dec('avg_score', '平均分', 5, 2),
        int('max_score', '最高分'),
        int('min_score', '最低分'),
        int('passed', '及格人数'),
        dec('pass_rate', '及格率（%）', 5, 2),
        dec('excellent_rate', '优秀率（%）', 5, 2),
        dec('good_rate', '优良率（%）', 5, 2),
      ],
      rows: resultRows,
    },
    {
      name: 'jx_employment',
      label: '毕业生就业',
      remark: '毕业生去向（毕业当年8月31日）',
      fields: [
        text('student_no', '学号', 12, { ...key, dimension: 'student' }),
        major(),
        int('graduation_year', '毕业年份', req),
        text('destination', '毕业去向', 10, req),
        text('employer_type', '单位性质', 10),
        int('monthly_salary', '月收入（元）'),
        { name: 'related', label: '专业对口', type: 'boolean' },
        text('work_place', '就业地区', 10),
      ],
      rows: employRows,
    },
    {
      name: 'jx_equipment',
      label: '教学设备',
      remark: '教学仪器设备资产',
      fields: [
        text('asset_no', '资产编号', 12, key),
        text('equipment_name', '设备名称', 40, req),
        text('category', '类别', 20),
        college('使用学院'),
        major('使用专业'),
        dec('unit_price', '单价（元）', 12, 2),
        int('quantity', '数量'),
        { name: 'purchase_date', label: '购置日期', type: 'date' },
        text('status', '使用状态', 10),
      ],
      rows: equipmentRows,
    },
    {
      name: 'jx_training_room',
      label: '校内实训室',
      remark: '校内实践教学场所及其工位',
      fields: [
        text('room_code', '实训室编号', 10, key),
        text('room_name', '实训室名称', 40, req),
        college('所属学院'),
        major('主要服务专业'),
        int('stations', '工位数'),
        dec('area', '面积（平方米）', 8, 1),
        int('built_year', '建成年份'),
      ],
      rows: roomRows,
    },
    {
      name: 'jx_internship',
      label: '顶岗实习',
      remark: '三年级学生的岗位实习',
      fields: [
        text('student_no', '学号', 12, { required: true, dimension: 'student' }),
        major(),
        academicYear,
        text('company', '实习单位', 60),
        text('post', '实习岗位', 30),
        { name: 'start_date', label: '开始日期', type: 'date' },
        { name: 'end_date', label: '结束日期', type: 'date' },
        { name: 'related', label: '专业对口', type: 'boolean' },
        int('score', '考核成绩'),
        text('grade', '考核等级', 4),
      ],
      rows: internRows,
    },
  ];

  const dimensionObjects: DimensionObject[] = [
    { typeCode: 'school', code: DEMO_SCHOOL.code, name: DEMO_SCHOOL.name },
    ...collegeRows.map((r) => ({
      typeCode: 'college' as const,
      code: String(r[0]),
      name: String(r[1]),
      parentCode: DEMO_SCHOOL.code,
    })),
    ...majors.map((m) => ({ typeCode: 'major' as const, code: m.code, name: m.name, parentCode: m.collegeCode })),
    ...courseRows.map((r) => ({
      typeCode: 'course' as const,
      code: String(r[0]),
      name: String(r[1]),
      parentCode: String(r[2]),
    })),
    ...classRows.map((r) => ({
      typeCode: 'class' as const,
      code: String(r[0]),
      name: String(r[1]),
      parentCode: String(r[2]),
    })),
    ...teacherRows.map((r) => ({
      typeCode: 'teacher' as const,
      code: String(r[0]),
      name: String(r[1]),
      parentCode: String(r[4]),
    })),
  ];

  return { academicYears: yearsList.map(ay), tables, dimensionObjects };
}

/** The dimension objects of the demo school (colleges, majors, courses, classes, teachers), parents first. */
export function schoolDimensionObjects(opts: SchoolOptions): DimensionObject[] {
  return generateSchool(opts).dimensionObjects;
}

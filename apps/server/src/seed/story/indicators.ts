import { DEMO_SCHOOL } from './school-data';

/**
 * The demo diagnosis indicators (诊断指标, issue 18 item 6): value algorithms (值算法) over the demo school's warehouse
 * (school-data.ts), in groups by level. Each text starts with its formula in a comment and takes two parameters:
 *
 * - `:objectId`, the code of the dimension object it is computed for (the code the warehouse's tables hold, as
 *   testByObject and a quality control point pass it): the school (XX), a college (XY01), a major (ZY0101); course
 *   indicators also a course (KC010101), a class or a teacher, teacher indicators also a teacher (JS0001), student
 *   indicators also a class;
 * - `:year`, the first calendar year of an academic year (2025 for 2025-2026): the students in school that year are
 *   the three cohorts enrolled in 2023-2025 who did not leave, its graduates graduate in the summer of 2026.
 *
 * A major's teachers are those who taught its courses that year (teachers belong to colleges, and teach several
 * majors). `bounds` are what a plausible value of the demo school lies within (the seed test checks every major).
 */
export interface DemoIndicator {
  name: string;
  /** Unit of the value, for the remark: %, 元, 人 ... */
  unit: string;
  sql: string;
  bounds: [number, number];
}

export interface DemoIndicatorGroup {
  name: string;
  indicators: DemoIndicator[];
}

const S = `'${DEMO_SCHOOL.code}'`;
/** The academic year '2025-2026' of :year. */
const AY = "concat(:year::int, '-', :year::int + 1)";
/** The end of the academic year (31 August), the day stocks are counted on. */
const YEAR_END = 'make_date(:year::int + 1, 8, 31)';

/** Students in school in the year: the three cohorts, without those who left; of the school, a college, a major, a class. */
const STUDENTS = `students as (
  select s.* from jx_student s
  where :objectId::text in (${S}, s.college_code, s.major_code, s.class_code)
    and s.enrol_year between :year::int - 2 and :year::int
    and s.status <> '退学'
)`;

/** Majors in scope: all of the school, a college's, or one. */
const MAJORS = `majors as (
  select major_code from jx_major where :objectId::text in (${S}, college_code, major_code)
)`;

/** Full-time teachers in post at the year's end: the school's, a college's, one, or those who taught a major's courses. */
const TEACHERS = `teachers as (
  select t.* from jx_teacher t
  where t.hire_date <= ${YEAR_END}
    and (:objectId::text in (${S}, t.college_code, t.teacher_code)
      or t.teacher_code in (
        select r.teacher_code from jx_course_result r
        join jx_course c on c.course_code = r.course_code
        where c.major_code = :objectId::text and r.academic_year = ${AY}))
)`;

/** The year's course results (both terms), with the course's major and type. */
const RESULTS = `results as (
  select r.*, c.course_type, m.major_code from jx_course_result r
  join jx_course c on c.course_code = r.course_code
  join jx_major m on m.major_code = c.major_code
  where r.academic_year = ${AY}
    and :objectId::text in (${S}, m.college_code, m.major_code, r.course_code, r.class_code, r.teacher_code)
)`;

/** The courses of the programmes (人才培养方案) in scope, of the majors open in the year. */
const COURSES = `courses as (
  select c.* from jx_course c
  join jx_major m on m.major_code = c.major_code
  where m.founded <= :year::int
    and :objectId::text in (${S}, m.college_code, m.major_code, c.course_code)
)`;

const pct = (num: string, den: string) => `round(100.0 * ${num} / nullif(${den}, 0), 2)`;
const text = (formula: string, body: string) => `-- ${formula}\n${body}`;
const rate = (name: string, sql: string): DemoIndicator => ({ name, unit: '%', sql, bounds: [0, 100] });
/** A rate that may pass 100 % (admitted over the plan). */
const ratePlus = (name: string, sql: string): DemoIndicator => ({ name, unit: '%', sql, bounds: [50, 120] });

export const DEMO_INDICATORS: DemoIndicatorGroup[] = [
  {
    name: '学校层面',
    indicators: [
      {
        name: '生师比',
        unit: '',
        bounds: [5, 40],
        sql: text(
          '生师比 = 在校生数 ÷ 专任教师数（专业：专任教师按当学年在该专业授课门次所占比例折算）',
          `with ${STUDENTS},\n${TEACHERS},
load as (
  select r.teacher_code,
    (count(*) filter (where c.major_code = :objectId::text))::numeric / count(*) as share
  from jx_course_result r
  join jx_course c on c.course_code = r.course_code
  where r.academic_year = ${AY}
  group by r.teacher_code
)
select round((select count(*) from students)::numeric / nullif(
  case when exists (select 1 from jx_major where major_code = :objectId::text)
    then (select sum(share) from load)
    else (select count(*) from teachers) end, 0), 2) as value`,
        ),
      },
      {
        name: '在校生数',
        unit: '人',
        bounds: [20, 20_000],
        sql: text(
          '在校生数 = 当年在籍的三个年级学生数（不含退学）',
          `with ${STUDENTS}\nselect count(*) as value from students`,
        ),
      },
      {
        name: '生均教学科研仪器设备值',
        unit: '元',
        bounds: [1_000, 200_000],
        sql: text(
          '生均教学科研仪器设备值（元） = 学年末教学科研仪器设备资产总值（单价 × 数量，不含待报废） ÷ 在校生数',
          `with ${MAJORS},\n${STUDENTS}\nselect round(sum(e.unit_price * e.quantity) / nullif((select count(*) from students), 0), 2) as value
from jx_equipment e
where e.major_code in (select major_code from majors)
  and e.purchase_date <= ${YEAR_END}
  and e.status <> '待报废'`,
        ),
      },
      rate(
        '当年新增教学科研仪器设备值所占比例',
        text(
          '当年新增教学科研仪器设备值所占比例（%） = 当学年购置的设备值 ÷ 学年末设备资产总值 × 100',
          `with ${MAJORS}\nselect ${pct('sum(e.unit_price * e.quantity) filter (where e.purchase_date >= make_date(:year::int, 9, 1))', 'sum(e.unit_price * e.quantity)')} as value
from jx_equipment e
where e.major_code in (select major_code from majors)
  and e.purchase_date <= ${YEAR_END}
  and e.status <> '待报废'`,
        ),
      ),
      rate(
        '教学仪器设备在用率',
        text(
          '教学仪器设备在用率（%） = 在用设备台套数 ÷ 设备台套数（不含待报废） × 100',
          `with ${MAJORS}\nselect ${pct("sum(e.quantity) filter (where e.status = '在用')", 'sum(e.quantity)')} as value
from jx_equipment e
where e.major_code in (select major_code from majors)
  and e.purchase_date <= ${YEAR_END}
  and e.status <> '待报废'`,
        ),
      ),
      {
        name: '生均校内实践教学工位数',
        unit: '个',
        bounds: [0.2, 5],
        sql: text(
          '生均校内实践教学工位数（个） = 学年末校内实训室工位数 ÷ 在校生数',
          `with ${MAJORS},\n${STUDENTS}\nselect round(sum(k.stations)::numeric / nullif((select count(*) from students), 0), 2) as value
from jx_training_room k
where k.major_code in (select major_code from majors)
  and k.built_year <= :year::int + 1`,
        ),
      },
      {
        name: '生均校内实训室面积',
        unit: '平方米',
        bounds: [0.5, 20],
        sql: text(
          '生均校内实训室面积（平方米） = 学年末校内实训室面积 ÷ 在校生数',
          `with ${MAJORS},\n${STUDENTS}\nselect round(sum(k.area) / nullif((select count(*) from students), 0), 2) as value
from jx_training_room k
where k.major_code in (select major_code from majors)
  and k.built_year <= :year::int + 1`,
        ),
      },
    ],
  },
  {
    name: '专业层面',
    indicators: [
      ratePlus(
        '招生计划完成率',
        text(
          '招生计划完成率（%） = 录取数 ÷ 招生计划数 × 100',
          `with ${MAJORS}\nselect ${pct('sum(e.admitted)', 'sum(e.planned)')} as value
from jx_enrolment e
where e.enrol_year = :year::int and e.major_code in (select major_code from majors)`,
        ),
      ),
      rate(
        '新生报到率',
        text(
          '新生报到率（%） = 报到数 ÷ 录取数 × 100',
          `with ${MAJORS}\nselect ${pct('sum(e.registered)', 'sum(e.admitted)')} as value
from jx_enrolment e
where e.enrol_year = :year::int and e.major_code in (select major_code from majors)`,
        ),
      ),
      rate(
        '第一志愿录取率',
        text(
          '第一志愿录取率（%） = Σ(各专业第一志愿率 × 录取数) ÷ Σ录取数',
          `with ${MAJORS}\nselect round(sum(e.first_choice_rate * e.admitted) / nullif(sum(e.admitted), 0), 2) as value
from jx_enrolment e
where e.enrol_year = :year::int and e.major_code in (select major_code from majors)`,
        ),
      ),
      rate(
        '初次就业率',
        text(
          '初次就业率（%） = 毕业当年8月31日毕业去向落实人数（除待就业外） ÷ 毕业生数 × 100',
          `with ${MAJORS}\nselect ${pct("count(*) filter (where g.destination <> '待就业')", 'count(*)')} as value
from jx_employment g
where g.graduation_year = :year::int + 1 and g.major_code in (select major_code from majors)`,
        ),
      ),
      rate(
        '专业对口就业率',
        text(
          '专业对口就业率（%） = 专业对口的就业人数 ÷ 就业人数（协议、灵活就业与自主创业） × 100',
          `with ${MAJORS}\nselect ${pct('count(*) filter (where g.related)', 'count(*)')} as value
from jx_employment g
where g.graduation_year = :year::int + 1 and g.related is not null
  and g.major_code in (select major_code from majors)`,
        ),
      ),
      rate(
        '升学率',
        text(
          '升学率（%） = 升学人数 ÷ 毕业生数 × 100',
          `with ${MAJORS}\nselect ${pct("count(*) filter (where g.destination = '升学')", 'count(*)')} as value
from jx_employment g
where g.graduation_year = :year::int + 1 and g.major_code in (select major_code from majors)`,
        ),
      ),
      {
        name: '毕业生平均月收入',
        unit: '元',
        bounds: [2_000, 12_000],
        sql: text(
          '毕业生平均月收入（元） = 就业毕业生月收入之和 ÷ 填报月收入的就业毕业生数',
          `with ${MAJORS}\nselect round(avg(g.monthly_salary), 2) as value
from jx_employment g
where g.graduation_year = :year::int + 1 and g.monthly_salary is not null
  and g.major_code in (select major_code from majors)`,
        ),
      },
      rate(
        '顶岗实习对口率',
        text(
          '顶岗实习对口率（%） = 专业对口的顶岗实习学生数 ÷ 顶岗实习学生数 × 100',
          `with ${MAJORS}\nselect ${pct('count(*) filter (where i.related)', 'count(*)')} as value
from jx_internship i
where i.academic_year = ${AY} and i.major_code in (select major_code from majors)`,
        ),
      ),
      rate(
        '顶岗实习考核优良率',
        text(
          '顶岗实习考核优良率（%） = 实习考核成绩 80 分及以上的学生数 ÷ 顶岗实习学生数 × 100',
          `with ${MAJORS}\nselect ${pct('count(*) filter (where i.score >= 80)', 'count(*)')} as value
from jx_internship i
where i.academic_year = ${AY} and i.major_code in (select major_code from majors)`,
        ),
      ),
    ],
  },
  {
    name: '课程层面',
    indicators: [
      rate(
        '课程及格率',
        text(
          '课程及格率（%） = Σ及格人数 ÷ Σ考核人数 × 100（当学年两个学期的课程考核）',
          `with ${RESULTS}\nselect ${pct('sum(passed)', 'sum(students)')} as value from results`,
        ),
      ),
      rate(
        '课程优良率',
        text(
          '课程优良率（%） = Σ(优良率 × 考核人数) ÷ Σ考核人数（80 分及以上为优良）',
          `with ${RESULTS}\nselect round(sum(good_rate * students) / nullif(sum(students), 0), 2) as value from results`,
        ),
      ),
      rate(
        '课程优秀率',
        text(
          '课程优秀率（%） = Σ(优秀率 × 考核人数) ÷ Σ考核人数（90 分及以上为优秀）',
          `with ${RESULTS}\nselect round(sum(excellent_rate * students) / nullif(sum(students), 0), 2) as value from results`,
        ),
      ),
      {
        name: '课程平均成绩',
        unit: '分',
        bounds: [50, 95],
        sql: text(
          '课程平均成绩（分） = Σ(平均分 × 考核人数) ÷ Σ考核人数',
          `with ${RESULTS}\nselect round(sum(avg_score * students) / nullif(sum(students), 0), 2) as value from results`,
        ),
      },
      rate(
        '专业核心课程及格率',
        text(
          '专业核心课程及格率（%） = 专业核心课 Σ及格人数 ÷ Σ考核人数 × 100',
          `with ${RESULTS}\nselect ${pct("sum(passed) filter (where course_type = '专业核心课')", "sum(students) filter (where course_type = '专业核心课')")} as value from results`,
        ),
      ),
      rate(
        '课程不及格人次率',
        text(
          '课程不及格人次率（%） = Σ(考核人数 − 及格人数) ÷ Σ考核人数 × 100',
          `with ${RESULTS}\nselect ${pct('sum(students - passed)', 'sum(students)')} as value from results`,
        ),
      ),
      rate(
        '实践教学学分占比',
        text(
          '实践教学学分占比（%） = 人才培养方案中实践课学分 ÷ 总学分 × 100',
          `with ${COURSES}\nselect ${pct("sum(credits) filter (where course_type = '实践课')", 'sum(credits)')} as value from courses`,
        ),
      ),
      rate(
        '考试课程比例',
        text(
          '考试课程比例（%） = 考核方式为考试的课程门数 ÷ 课程门数 × 100',
          `with ${COURSES}\nselect ${pct("count(*) filter (where assessment = '考试')", 'count(*)')} as value from courses`,
        ),
      ),
    ],
  },
  {
    name: '教师层面',
    indicators: [
      rate(
        '双师素质专任教师比例',
        text(
          '双师素质专任教师比例（%） = 双师素质专任教师数 ÷ 专任教师数 × 100',
          `with ${TEACHERS}\nselect ${pct('count(*) filter (where dual_qualified)', 'count(*)')} as value from teachers`,
        ),
      ),
      rate(
        '高级职称专任教师比例',
        text(
          '高级职称专任教师比例（%） = 具有高级专业技术职务（教授、副教授、高级实验师）的专任教师数 ÷ 专任教师数 × 100',
          `with ${TEACHERS}\nselect ${pct("count(*) filter (where title in ('教授', '副教授', '高级实验师'))", 'count(*)')} as value from teachers`,
        ),
      ),
      rate(
        '硕士以上学位教师比例',
        text(
          '硕士以上学位教师比例（%） = 具有硕士、博士学位的专任教师数 ÷ 专任教师数 × 100',
          `with ${TEACHERS}\nselect ${pct("count(*) filter (where degree in ('硕士', '博士'))", 'count(*)')} as value from teachers`,
        ),
      ),
      rate(
        '博士学位教师比例',
        text(
          '博士学位教师比例（%） = 具有博士学位的专任教师数 ÷ 专任教师数 × 100',
          `with ${TEACHERS}\nselect ${pct("count(*) filter (where degree = '博士')", 'count(*)')} as value from teachers`,
        ),
      ),
      rate(
        '青年教师比例',
        text(
          '青年教师比例（%） = 学年初（9月1日）未满 35 周岁的专任教师数 ÷ 专任教师数 × 100',
          `with ${TEACHERS}\nselect ${pct('count(*) filter (where birth_date > make_date(:year::int - 35, 9, 1))', 'count(*)')} as value from teachers`,
        ),
      ),
      rate(
        '当年新进教师比例',
        text(
          '当年新进教师比例（%） = 当学年入职的专任教师数 ÷ 专任教师数 × 100',
          `with ${TEACHERS}\nselect ${pct('count(*) filter (where hire_date >= make_date(:year::int, 9, 1))', 'count(*)')} as value from teachers`,
        ),
      ),
      {
        name: '教师人均授课门次',
        unit: '门次',
        bounds: [0.5, 40],
        sql: text(
          '教师人均授课门次 = 当学年课程考核记录数（课程 × 班级） ÷ 授课教师数',
          `with ${RESULTS}\nselect round(count(*)::numeric / nullif(count(distinct teacher_code), 0), 2) as value from results`,
        ),
      },
    ],
  },
  {
    name: '学生层面',
    indicators: [
      rate(
        '学生体质测试合格率',
        text(
          '学生体质测试合格率（%） = 体质测试成绩 60 分及以上的在校生数 ÷ 参加测试的在校生数 × 100',
          `with ${STUDENTS}\nselect ${pct('count(*) filter (where fitness_score >= 60)', 'count(fitness_score)')} as value from students`,
        ),
      ),
      rate(
        '毕业率',
        text(
          '毕业率（%） = 当学年应届（入学满三年）学生中毕业的人数 ÷ 该届入学报到人数 × 100',
          `select ${pct("count(*) filter (where s.status = '毕业')", 'count(*)')} as value
from jx_student s
where s.enrol_year = :year::int - 2
  and :objectId::text in (${S}, s.college_code, s.major_code, s.class_code)`,
        ),
      ),
      rate(
        '职业资格证书获取率',
        text(
          '职业资格证书获取率（%） = 获得职业资格（职业技能等级）证书的毕业生数 ÷ 毕业生数 × 100',
          `select ${pct('count(*) filter (where s.certificate)', 'count(*)')} as value
from jx_student s
where s.enrol_year = :year::int - 2 and s.status = '毕业'
  and :objectId::text in (${S}, s.college_code, s.major_code, s.class_code)`,
        ),
      ),
      rate(
        '学生流失率',
        text(
          '学生流失率（%） = 在籍三个年级中退学的学生数 ÷ 这三个年级的入学报到人数 × 100',
          `select ${pct("count(*) filter (where s.status = '退学')", 'count(*)')} as value
from jx_student s
where s.enrol_year between :year::int - 2 and :year::int
  and :objectId::text in (${S}, s.college_code, s.major_code, s.class_code)`,
        ),
      ),
      rate(
        '省外生源比例',
        text(
          '省外生源比例（%） = 当年入学新生中生源地在省外的人数 ÷ 当年入学新生数 × 100',
          `select ${pct("count(*) filter (where s.origin <> '浙江')", 'count(*)')} as value
from jx_student s
where s.enrol_year = :year::int
  and :objectId::text in (${S}, s.college_code, s.major_code, s.class_code)`,
        ),
      ),
      rate(
        '在校生女生比例',
        text(
          '在校生女生比例（%） = 在校女生数 ÷ 在校生数 × 100',
          `with ${STUDENTS}\nselect ${pct("count(*) filter (where sex = '女')", 'count(*)')} as value from students`,
        ),
      ),
    ],
  },
];

/** Every demo indicator, in group order. */
export const allDemoIndicators = () =>
  DEMO_INDICATORS.flatMap((g) => g.indicators.map((i) => ({ ...i, group: g.name })));

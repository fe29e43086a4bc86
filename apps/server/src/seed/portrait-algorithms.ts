import { PORTRAIT_ALGORITHMS as A } from '@zg/contract';
import type { AlgorithmPackage } from '../modules/algorithm';

/**
 * The portraits' algorithms over the demo warehouse (画像分析, issue 35 item 1): detail algorithms named as the
 * portrait module reads them (PORTRAIT_ALGORITHMS). :dimension is a portrait kind (school, college, major, course,
 * teacher, class), :objectId the object's code (a student's 学号). A school points them at its own tables in 数据管理.
 */

/** The scope of a row by the kind and code: `c` the college column, `m` the major's, plus the kind's own columns. */
const scope = (cols: { college?: string; major?: string; course?: string; teacher?: string; klass?: string }) =>
  `case :dimension::text when 'school' then true${cols.college ? ` when 'college' then ${cols.college} = :objectId::text` : ''}${
    cols.major ? ` when 'major' then ${cols.major} = :objectId::text` : ''
  }${cols.course ? ` when 'course' then ${cols.course} = :objectId::text` : ''}${
    cols.teacher ? ` when 'teacher' then ${cols.teacher} = :objectId::text` : ''
  }${cols.klass ? ` when 'class' then ${cols.klass} = :objectId::text` : ''} else false end`;

const YEARLY = `with ys as (
  select distinct left(academic_year, 4)::int as y from jx_course_result
),
st as (
  select ys.y, count(s.student_no)::int as n
  from ys join jx_student s on s.enrol_year between ys.y - 2 and ys.y and s.status <> '退学'
  where ${scope({ college: 's.college_code', major: 's.major_code', klass: 's.class_code' })}
  group by ys.y
),
re as (
  select left(r.academic_year, 4)::int as y, sum(r.students)::int as n,
    round(sum(r.avg_score * r.students) / nullif(sum(r.students), 0), 2) as avg,
    round(sum(r.passed) * 100.0 / nullif(sum(r.students), 0), 2) as pass,
    round(sum(r.excellent_rate * r.students) / nullif(sum(r.students), 0), 2) as exc
  from jx_course_result r
  join jx_course c on c.course_code = r.course_code
  join jx_major m on m.major_code = c.major_code
  where ${scope({ college: 'm.college_code', major: 'c.major_code', course: 'r.course_code', teacher: 'r.teacher_code', klass: 'r.class_code' })}
  group by 1
),
em as (
  select e.graduation_year - 1 as y,
    round(count(*) filter (where e.destination <> '待就业') * 100.0 / count(*), 2) as rate,
    round(avg(e.monthly_salary)) as salary
  from jx_employment e
  join jx_major m on m.major_code = e.major_code
  left join jx_student s on s.student_no = e.student_no
  where ${scope({ college: 'm.college_code', major: 'e.major_code', klass: 's.class_code' })}
  group by 1
)
select ys.y as 学年, st.n as 在校生数, re.n as 考核人次, re.avg as 平均分, re.pass as 及格率, re.exc as 优秀率,
  em.rate as 就业率, em.salary as 月收入
from ys left join st on st.y = ys.y left join re on re.y = ys.y left join em on em.y = ys.y
order by ys.y`;

export const PORTRAIT_ALGORITHM_PACKAGE: AlgorithmPackage = {
  name: '画像分析',
  algorithms: [
    {
      name: A.yearly,
      kind: 'detail',
      remark: '画像的历年指标（每学年一行）：在校生数、课程考核人次、平均分、及格率、优秀率、毕业去向落实率、月收入',
      sql: YEARLY,
    },
    {
      name: A.classStudents,
      kind: 'detail',
      remark: '班级的学生名单。参数 :objectId 为班级代码',
      sql: `select s.student_no as 学号, s.student_name as 姓名, s.sex as 性别, s.enrol_year as 入学年份,
  s.status as 学籍状态, s.origin as 生源地, s.fitness_score as 体质测试成绩,
  case when s.certificate then '是' else '否' end as 职业资格证书
from jx_student s where s.class_code = :objectId::text order by s.student_no`,
    },
    {
      name: A.student,
      kind: 'detail',
      remark: '学生档案：学籍、班级、实习与毕业去向。参数 :objectId 为学号',
      sql: `select s.student_no as 学号, s.student_name as 姓名, s.sex as 性别, s.class_code as 班级代码,
  c.class_name as 班级, s.major_code as 专业代码, m.major_name as 专业, s.enrol_year as 入学年份,
  s.status as 学籍状态, s.origin as 生源地, s.fitness_score as 体质测试成绩,
  case when s.certificate then '是' else '否' end as 职业资格证书,
  i.company as 实习单位, i.post as 实习岗位, i.grade as 实习考核, e.destination as 毕业去向, e.monthly_salary as 月收入
from jx_student s
left join jx_class c on c.class_code = s.class_code
left join jx_major m on m.major_code = s.major_code
left join jx_internship i on i.student_no = s.student_no
left join jx_employment e on e.student_no = s.student_no
where s.student_no = :objectId::text
limit 1`,
    },
    {
      name: A.course,
      kind: 'detail',
      remark: '课程的开课与成绩（各学年各班）。参数 :objectId 为课程代码',
      sql: `select c.course_type as 课程类型, c.credits as 学分, c.hours as 学时, c.assessment as 考核方式,
  r.academic_year as 学年, r.term as 学期, cl.class_name as 班级, t.teacher_name as 任课教师,
  r.students as 考核人数, r.avg_score as 平均分, r.pass_rate as 及格率, r.excellent_rate as 优秀率
from jx_course c
left join jx_course_result r on r.course_code = c.course_code
left join jx_class cl on cl.class_code = r.class_code
left join jx_teacher t on t.teacher_code = r.teacher_code
where c.course_code = :objectId::text
order by r.academic_year desc, r.term, cl.class_name`,
    },
    {
      name: A.teacher,
      kind: 'detail',
      remark: '教师的授课情况（各学年各课程各班）。参数 :objectId 为工号',
      sql: `select t.title as 职称, t.degree as 最高学位, case when t.dual_qualified then '是' else '否' end as 双师型,
  r.academic_year as 学年, r.term as 学期, c.course_name as 课程, cl.class_name as 班级,
  r.students as 考核人数, r.avg_score as 平均分, r.pass_rate as 及格率
from jx_teacher t
left join jx_course_result r on r.teacher_code = t.teacher_code
left join jx_course c on c.course_code = r.course_code
left join jx_class cl on cl.class_code = r.class_code
where t.teacher_code = :objectId::text
order by r.academic_year desc, r.term, c.course_name`,
    },
    {
      name: A.majorTeachers,
      kind: 'detail',
      remark: '专业的任课教师（教该专业课程的教师）。参数 :objectId 为专业代码',
      sql: `select t.teacher_code as 工号, t.teacher_name as 姓名, t.title as 职称, t.degree as 最高学位,
  case when t.dual_qualified then '是' else '否' end as 双师型, count(distinct r.course_code)::int as 授课门数
from jx_course_result r
join jx_course c on c.course_code = r.course_code
join jx_teacher t on t.teacher_code = r.teacher_code
where c.major_code = :objectId::text
group by t.teacher_code, t.teacher_name, t.title, t.degree, t.dual_qualified
order by 授课门数 desc, t.teacher_code`,
    },
    {
      name: A.followStudents,
      kind: 'detail',
      remark: '需关注的学生：休学或体质测试不及格（低于 60 分）的在籍学生',
      sql: `select s.student_no as 学号, s.student_name as 姓名, c.class_name as 班级, s.status as 学籍状态,
  s.fitness_score as 体质测试成绩,
  case when s.status = '休学' then '休学' else '体质测试不及格' end as 关注原因
from jx_student s
join jx_class c on c.class_code = s.class_code
where (s.status = '休学' or (s.status = '在读' and s.fitness_score < 60))
  and ${scope({ college: 's.college_code', major: 's.major_code', klass: 's.class_code' })}
order by s.class_code, s.student_no`,
    },
    {
      name: A.classes,
      kind: 'detail',
      remark: '对象（学校、学院、专业）下的班级及人数',
      sql: `select cl.class_code as 班级代码, cl.class_name as 班级, m.major_name as 专业, cl.grade as 年级,
  cl.students as 人数
from jx_class cl
join jx_major m on m.major_code = cl.major_code
where ${scope({ college: 'm.college_code', major: 'cl.major_code', klass: 'cl.class_code' })}
order by cl.grade desc, cl.class_code`,
    },
  ],
};

import type { Db } from '../db/client';
import { type AlgorithmPackage, installAlgorithms } from '../modules/algorithm';
import { seedDashboardLibrary } from '../modules/dashboard';
import { ADMIN_USER } from './demo';

/**
 * The demo's chart library (issue 34): chart and detail algorithms over the demo school's warehouse (enrolment and
 * employment trends, grades by college, a major's enrolment detail), published in 图表库 for every user, and xld01's
 * dashboard subscribing three of them, so a newcomer signing in as the school leader sees figures on the home page.
 */
export const DEMO_CHARTS: AlgorithmPackage = {
  name: '仪表盘图表',
  algorithms: [
    {
      name: '近五年招生趋势',
      kind: 'chart',
      remark: '各招生年份的计划数、录取数与报到数',
      sql: `select e.enrol_year::text as 年度, sum(e.planned)::int as 计划数, sum(e.admitted)::int as 录取数,
  sum(e.registered)::int as 报到数
from jx_enrolment e group by e.enrol_year order by 1`,
    },
    {
      name: '近五年就业趋势',
      kind: 'chart',
      remark: '各毕业年份的毕业生数与就业人数（待就业以外）',
      sql: `select g.graduation_year::text as 年度, count(*)::int as 毕业生数,
  count(*) filter (where g.destination <> '待就业')::int as 就业人数
from jx_employment g group by g.graduation_year order by 1`,
    },
    {
      name: '各学院课程平均分',
      kind: 'chart',
      remark: '所选学年各学院课程考核的平均分与及格率（:year 为学年的起始年份）',
      sql: `select co.college_name as 学院, round(avg(r.avg_score), 2) as 平均分, round(avg(r.pass_rate), 2) as 及格率
from jx_course_result r
join jx_class c on c.class_code = r.class_code
join jx_major m on m.major_code = c.major_code
join jx_college co on co.college_code = m.college_code
where left(r.academic_year, 4) = :year::text
group by co.college_name order by 1`,
    },
    {
      name: '各专业招生明细',
      kind: 'detail',
      remark: '所选年份各专业的计划、录取与报到（:year 为招生年份）',
      sql: `select e.major_code as 专业代码, e.planned as 计划数, e.admitted as 录取数, e.registered as 报到数,
  e.registration_rate as 报到率
from jx_enrolment e where e.enrol_year = :year::int order by 1`,
    },
  ],
};

/** Installs the demo charts, publishes them and lays out xld01's dashboard (an empty database only). */
export async function seedDemoDashboard(db: Db) {
  await installAlgorithms(db, [DEMO_CHARTS], ADMIN_USER.id);
  await seedDashboardLibrary(db, {
    types: ['招生就业', '教学质量'],
    charts: [
      { type: '招生就业', name: '近五年招生趋势', algorithm: '近五年招生趋势', lw: 2 },
      { type: '招生就业', name: '近五年就业趋势', algorithm: '近五年就业趋势', lw: 1 },
      { type: '教学质量', name: '各学院课程平均分', algorithm: '各学院课程平均分', lw: 2 },
      { type: '招生就业', name: '各专业招生明细', algorithm: '各专业招生明细', lw: 1 },
    ],
    dashboards: [{ userId: 'xld01', charts: ['近五年招生趋势', '近五年就业趋势', '各学院课程平均分'] }],
    createdBy: ADMIN_USER.id,
  });
}

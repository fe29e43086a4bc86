import type { AlgorithmPackage } from '../modules/algorithm';
import { DEMO_SCHOOL } from './story/school-data';

/**
 * The demo's detail algorithms (详情算法): the rows behind a QCP's value, listed by the QCP panel's 明细数据 for the
 * row's object (:objectId: the school, a college or a major) and year (:year, the academic year's first year). The
 * demo standards name them by `detail` (story/standards.ts).
 */
export const DEMO_DETAIL_ALGORITHMS: AlgorithmPackage = {
  name: '明细数据',
  algorithms: [
    {
      name: '初次就业明细',
      kind: 'detail',
      remark:
        '初次就业率背后的毕业生去向（毕业当年8月31日）：该学年的毕业生，尚未毕业时为最近一届。参数 :objectId 为学校、学院或专业的编码，:year 为学年的起始年份',
      sql: `select e.student_no as 学号, e.major_code as 专业代码, e.destination as 毕业去向, e.employer_type as 单位性质,
  e.monthly_salary as 月收入, e.work_place as 就业地区
from jx_employment e
where e.graduation_year = (select max(graduation_year) from jx_employment where graduation_year <= :year::int + 1)
  and e.major_code in (select major_code from jx_major where :objectId::text in ('${DEMO_SCHOOL.code}', college_code, major_code))
order by e.student_no`,
    },
  ],
};

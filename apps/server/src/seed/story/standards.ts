import {
  amount,
  type DemoStandardSystem,
  FOUR_LEVELS,
  have,
  levels,
  monthlyAbove,
  monthlyBelow,
  percent,
  weeklyD,
  whether,
} from './standard-nodes';

export type { DemoStandardNode, DemoStandardSystem } from './standard-nodes';

/**
 * The demo standard systems (目标标准, issue 19 item 6): one for each of the five levels of the national guidance for
 * higher vocational colleges (教职成司函〔2015〕168号, 《高等职业院校内部质量保证体系诊断与改进指导方案（试行）》:
 * 学校、专业、课程、教师、学生 — "五纵五横"), with diagnosis points named as schools know them from the talent-training
 * state data platform (人才培养工作状态数据采集与管理系统).
 *
 * Each top-level node is a diagnosis dimension (诊断维度), its children quality control points (质控点), theirs
 * indicators (一级指标, 二级指标 ...). An indicator with `indicator` is computed by that demo indicator's algorithm
 * (story/indicators.ts); without it, it is filled in by hand. The standard values and grade thresholds were chosen
 * against what the demo school's warehouse gives (the 40 majors' values spread over the grades; the school level gets
 * A on some points and C on others), so that a diagnosis over them shows real differences.
 *
 * The school system's dimensions use the category names of spec-2 §9 (计分卡, 资源表, 服务贡献表, 国际影响表,
 * 落实政策表). The student level is diagnosed per class (班级): the student indicators take a class code.
 */ const SCHOOL: DemoStandardSystem = {
  name: '学校层面诊改质量标准',
  dimension: 'school',
  startYear: 2025,
  endYear: 2027,
  readers: { roles: ['schoolLeader', '2020004'] },
  items: [
    {
      name: '计分卡',
      nh: '人才培养质量（原“人才培养”类指标）',
      children: [
        {
          name: '办学规模',
          nh: '全日制在校生规模保持稳定',
          children: [
            amount('在校生数', 6000, [7000, 6500, 6000], { indicator: '在校生数', warning: monthlyBelow(6000) }),
          ],
        },
        {
          name: '毕业生就业质量',
          nh: '毕业生就业率、对口率与起薪反映人才培养的社会认可度',
          children: [
            percent('初次就业率', 90, [95, 92, 90], {
              indicator: '初次就业率',
              detail: '初次就业明细',
              warning: monthlyBelow(90),
            }),
            percent('专业对口就业率', 65, [85, 75, 65], { indicator: '专业对口就业率' }),
            amount('毕业生平均月收入', 4500, [6000, 5500, 5000], { indicator: '毕业生平均月收入' }),
          ],
        },
      ],
    },
    {
      name: '资源表',
      nh: '办学条件（原“教学条件”类指标），对照《高等职业学校设置标准》与基本办学条件指标',
      children: [
        {
          name: '师资配置',
          nh: '生师比与专任教师结构',
          children: [
            amount('生师比', 18, [14, 16, 18], {
              indicator: '生师比',
              direction: 'lower',
              zdbz: '生师比不高于18:1为合格',
              warning: monthlyAbove(18),
            }),
            percent('双师素质专任教师比例', 50, [70, 60, 50], { indicator: '双师素质专任教师比例' }),
            percent('硕士以上学位教师比例', 35, [60, 45, 35], { indicator: '硕士以上学位教师比例' }),
          ],
        },
        {
          name: '教学仪器设备',
          nh: '教学科研仪器设备的总量、更新与使用',
          children: [
            amount('生均教学科研仪器设备值', 4000, [10000, 6000, 4000], {
              indicator: '生均教学科研仪器设备值',
              zdbz: '工科、农林、医学类不低于4000元为合格',
            }),
            percent('当年新增教学科研仪器设备值所占比例', 10, [15, 12, 10], {
              indicator: '当年新增教学科研仪器设备值所占比例',
              warning: monthlyBelow(10),
            }),
            percent('教学仪器设备在用率', 90, [98, 95, 90], { indicator: '教学仪器设备在用率' }),
          ],
        },
        {
          name: '实践教学条件',
          nh: '校内实践教学工位与实训场地',
          children: [
            amount('生均校内实践教学工位数', 0.5, [1, 0.8, 0.5], { indicator: '生均校内实践教学工位数' }),
            amount('生均校内实训室面积', 3, [5, 4, 3], { indicator: '生均校内实训室面积', unit: '平方米' }),
          ],
        },
      ],
    },
    {
      name: '服务贡献表',
      nh: '社会服务（原“社会服务”类指标）',
      children: [
        {
          name: '社会培训与技术服务',
          children: [
            amount('非学历培训人日', 10000, [30000, 20000, 10000], { unit: '人日' }),
            amount('技术服务到款额', 100, [500, 300, 100], { unit: '万元' }),
          ],
        },
      ],
    },
    {
      name: '国际影响表',
      nh: '国际交流与合作（原“国际交流”类指标）',
      children: [
        {
          name: '国际交流合作',
          children: [
            have('中外合作办学项目', '有经审批的中外合作办学项目或机构'),
            amount('全日制国（境）外留学生人数', 10, [50, 30, 10], { unit: '人' }),
          ],
        },
      ],
    },
    {
      name: '落实政策表',
      nh: '政策落实（原“政策落实”类指标）',
      children: [
        {
          name: '经费保障',
          children: [
            amount('生均财政拨款水平', 12000, [15000, 13500, 12000], {
              unit: '元',
              zdbz: '年生均财政拨款水平不低于12000元',
              warning: monthlyBelow(12000),
            }),
          ],
        },
        {
          name: '质量年报',
          children: [whether('质量年度报告按时发布', '每年按时编制并向社会发布高等职业教育质量年度报告')],
        },
      ],
    },
  ],
};

const MAJOR: DemoStandardSystem = {
  name: '专业层面诊改质量标准',
  dimension: 'major',
  startYear: 2025,
  endYear: 2027,
  readers: { users: ['zyfzr01'], roles: ['2020004'] },
  items: [
    {
      name: '专业建设',
      children: [
        {
          name: '专业建设规划',
          nh: '专业建设规划与人才培养方案的制定、论证和修订',
          children: [
            whether('专业建设规划经论证并发布', '制定专业建设规划并经专业建设委员会论证'),
            whether('人才培养方案按年修订', '人才培养方案每年修订并经学校审定'),
            levels('专业评估等级', FOUR_LEVELS('优秀', '良好', '合格', '不合格'), '学校专业评估的结论'),
          ],
        },
        {
          name: '招生与生源',
          nh: '招生计划完成、新生报到与生源质量',
          children: [
            percent('招生计划完成率', 95, [100, 98, 95], { indicator: '招生计划完成率' }),
            percent('新生报到率', 90, [96, 94, 92], { indicator: '新生报到率', warning: monthlyBelow(92) }),
            percent('第一志愿录取率', 60, [85, 75, 65], { indicator: '第一志愿录取率' }),
          ],
        },
      ],
    },
    {
      name: '人才培养质量',
      children: [
        {
          name: '毕业生就业',
          nh: '毕业生初次就业、专业对口、起薪与升学',
          children: [
            percent('初次就业率', 90, [95, 93, 91], {
              indicator: '初次就业率',
              detail: '初次就业明细',
              warning: monthlyBelow(90),
            }),
            percent('专业对口就业率', 60, [85, 75, 65], { indicator: '专业对口就业率', warning: weeklyD }),
            amount('毕业生平均月收入', 4500, [6000, 5500, 5000], { indicator: '毕业生平均月收入' }),
            percent('升学率', 5, [20, 12, 8], { indicator: '升学率' }),
          ],
        },
        {
          name: '顶岗实习',
          nh: '顶岗实习的专业对口与考核结果',
          children: [
            percent('顶岗实习对口率', 70, [90, 82, 75], { indicator: '顶岗实习对口率' }),
            percent('顶岗实习考核优良率', 60, [76, 72, 65], { indicator: '顶岗实习考核优良率' }),
          ],
        },
      ],
    },
    {
      name: '师资队伍',
      children: [
        {
          name: '专业教学团队',
          nh: '承担本专业课程的专任教师结构',
          children: [
            percent('双师素质专任教师比例', 50, [80, 65, 50], { indicator: '双师素质专任教师比例' }),
            percent('高级职称专任教师比例', 20, [40, 30, 20], { indicator: '高级职称专任教师比例' }),
            percent('硕士以上学位教师比例', 35, [70, 50, 35], { indicator: '硕士以上学位教师比例' }),
          ],
        },
      ],
    },
    {
      name: '课程与教学',
      children: [
        {
          name: '课程教学质量',
          children: [
            percent('课程及格率', 85, [95, 92, 88], { indicator: '课程及格率' }),
            percent('专业核心课程及格率', 85, [96, 92, 88], { indicator: '专业核心课程及格率' }),
            percent('课程不及格人次率', 10, [3, 6, 10], {
              indicator: '课程不及格人次率',
              direction: 'lower',
              warning: monthlyAbove(10),
            }),
          ],
        },
        {
          name: '校企合作',
          children: [
            amount('紧密合作企业数', 3, [10, 6, 3], { unit: '个' }),
            have('校内实训基地', '有满足专业核心课程实训的校内实训基地'),
          ],
        },
      ],
    },
  ],
};

const COURSE: DemoStandardSystem = {
  name: '课程层面诊改质量标准',
  dimension: 'course',
  startYear: 2025,
  endYear: 2027,
  items: [
    {
      name: '课程建设',
      children: [
        {
          name: '课程标准与资源',
          nh: '课程标准的制定与教学资源建设',
          children: [
            whether('课程标准经审定', '课程标准经教研室论证并经学院审定'),
            have('在线课程资源', '有可供学生自主学习的在线课程资源'),
            levels('课程建设等级', FOUR_LEVELS('精品', '优质', '合格', '待改进')),
          ],
        },
      ],
    },
    {
      name: '课程教学效果',
      children: [
        {
          name: '学业成绩',
          nh: '学生课程考核成绩反映的教学效果',
          children: [
            percent('课程及格率', 85, [97, 93, 88], { indicator: '课程及格率', warning: monthlyBelow(85) }),
            amount('课程平均成绩', 70, [80, 76, 73], { indicator: '课程平均成绩' }),
            {
              name: '成绩结构',
              nh: '成绩分布是否合理：优良与优秀的比例',
              children: [
                percent('课程优良率', 25, [45, 35, 28], { indicator: '课程优良率' }),
                percent('课程优秀率', 5, [15, 10, 6], { indicator: '课程优秀率' }),
              ],
            },
            percent('课程不及格人次率', 10, [3, 6, 10], { indicator: '课程不及格人次率', direction: 'lower' }),
          ],
        },
        {
          name: '教学评价',
          children: [
            amount('学生评教得分', 80, [92, 86, 80], { unit: '分', warning: weeklyD }),
            levels('督导听课评价', FOUR_LEVELS('优秀', '良好', '合格', '不合格')),
          ],
        },
      ],
    },
    {
      name: '课程诊改',
      children: [
        {
          name: '诊断与改进',
          nh: '课程层面“8字形”质量改进螺旋的运行',
          children: [
            whether('课程诊改报告按期完成', '每学期结束后一个月内完成课程诊改报告'),
            percent('上轮改进措施完成率', 80, [100, 90, 80], {}),
          ],
        },
      ],
    },
  ],
};

const TEACHER: DemoStandardSystem = {
  name: '教师层面诊改质量标准',
  dimension: 'teacher',
  startYear: 2025,
  endYear: 2027,
  items: [
    {
      name: '师德师风',
      children: [
        {
          name: '师德考核',
          children: [
            levels('年度师德考核结果', FOUR_LEVELS('优秀', '良好', '合格', '不合格')),
            whether('存在师德失范行为', '无师德失范行为', true),
          ],
        },
      ],
    },
    {
      name: '教育教学',
      children: [
        {
          name: '教学工作量',
          nh: '承担课程教学的门次',
          children: [amount('授课门次', 2, [4, 3, 2], { indicator: '教师人均授课门次', warning: monthlyBelow(2) })],
        },
        {
          name: '教学质量',
          children: [amount('学生评教得分', 80, [92, 86, 80], { unit: '分' })],
        },
      ],
    },
    {
      name: '专业发展',
      children: [
        {
          name: '企业实践与培训',
          nh: '专业课教师每五年累计不少于6个月到企业实践',
          children: [
            amount('年度企业实践天数', 30, [60, 45, 30], { unit: '天', warning: monthlyBelow(30) }),
            amount('继续教育学时', 72, [120, 96, 72], { unit: '学时' }),
            whether('具有双师素质', '取得行业职业资格或具有企业工作经历'),
          ],
        },
        {
          name: '科研与社会服务',
          children: [
            amount('主持或参与科研项目数', 1, [3, 2, 1], { unit: '项' }),
            amount('横向技术服务到款额', 1, [10, 5, 1], { unit: '万元' }),
          ],
        },
      ],
    },
  ],
};

const STUDENT: DemoStandardSystem = {
  name: '学生层面诊改质量标准（班级）',
  dimension: 'class',
  startYear: 2025,
  endYear: 2027,
  items: [
    {
      name: '思想品德',
      children: [
        {
          name: '德育与素质',
          children: [
            percent('综合素质测评合格率', 95, [100, 98, 95], {}),
            levels('文明班级评比', FOUR_LEVELS('优秀', '良好', '合格', '不合格')),
          ],
        },
      ],
    },
    {
      name: '学业发展',
      children: [
        {
          name: '学业与职业资格',
          nh: '学业完成与职业资格证书',
          children: [
            percent('职业资格证书获取率', 70, [90, 80, 72], { indicator: '职业资格证书获取率', warning: weeklyD }),
            percent('毕业率', 95, [99, 98, 96], { indicator: '毕业率' }),
          ],
        },
      ],
    },
    {
      name: '身心健康',
      children: [
        {
          name: '体质健康',
          nh: '《国家学生体质健康标准》测试结果',
          children: [
            percent('学生体质测试合格率', 90, [97, 95, 92], {
              indicator: '学生体质测试合格率',
              warning: monthlyBelow(90),
            }),
          ],
        },
      ],
    },
    {
      name: '稳定与成长',
      children: [
        {
          name: '学生稳定',
          children: [
            percent('学生流失率', 5, [1, 2, 4], {
              indicator: '学生流失率',
              direction: 'lower',
              warning: monthlyAbove(5),
            }),
          ],
        },
      ],
    },
  ],
};

export const DEMO_STANDARDS: DemoStandardSystem[] = [SCHOOL, MAJOR, COURSE, TEACHER, STUDENT];

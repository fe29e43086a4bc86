import { z } from 'zod';
import { endpoint } from './endpoint';
import {
  NextLinkSchema,
  PortraitCodeQuerySchema,
  PortraitKindQuerySchema,
  PortraitPageQuerySchema,
  PortraitRowPageSchema,
  PortraitSchema,
  PortraitScopePageQuerySchema,
  PortraitTableSchema,
  PortrayalAddSchema,
  PortrayalAlgorithmSchema,
  PortrayalAuthSchema,
  PortrayalCardQuerySchema,
  PortrayalCardSchema,
  PortrayalDeleteSchema,
  PortrayalMenuSchema,
  PortrayalScreenSchema,
  PortrayalUpdateSchema,
  SchoolPortraitQuerySchema,
} from './portrait';

const C = '/api/herm-xxjk/CurrentPortraits';
const P = '/api/herm-xxjk/portrayal';
const tags = ['画像分析'] as const;

const portrait = <Q extends z.ZodType>(path: string, summary: string, query: Q) =>
  endpoint({ method: 'GET', path: `${C}/${path}`, summary, tags, query, response: PortraitSchema });

/** 画像 (spec-2 §7.1 CurrentPortraits): the portraits and their drill-down, within the portrayal authority. */
export const PORTRAIT_API = {
  querySchoolPortrait: portrait(
    'querySchoolPortrait',
    '学校或学院画像（code 为学院编码时为学院画像） / the school’s (or a college’s) portrait',
    SchoolPortraitQuerySchema,
  ),
  queryMajorPortrait: portrait('queryMajorPortrait', '专业画像 / a major’s portrait', PortraitCodeQuerySchema),
  queryCoursePortrait: portrait('queryCoursePortrait', '课程画像 / a course’s portrait', PortraitCodeQuerySchema),
  queryTeacherPortrait: portrait('queryTeacherPortrait', '教师画像 / a teacher’s portrait', PortraitCodeQuerySchema),
  queryStudentPortrait: portrait(
    'queryStudentPortrait',
    '学生画像（code 为学号） / a student’s portrait',
    PortraitCodeQuerySchema,
  ),
  queryClassPortrait: portrait('queryClassPortrait', '班级画像 / a class’s portrait', PortraitCodeQuerySchema),
  queryNextLink: endpoint({
    method: 'GET',
    path: `${C}/queryNextLink`,
    summary: '下钻：对象的下级（学校→学院→专业→课程/教师/班级） / the children to drill into',
    tags,
    query: PortraitKindQuerySchema,
    response: NextLinkSchema,
  }),
  queryCourseDetailPage: endpoint({
    method: 'GET',
    path: `${C}/queryCourseDetailPage`,
    summary: '课程详情：各学年各班的开课与成绩 / a course’s classes and results',
    tags,
    query: PortraitCodeQuerySchema,
    response: PortraitTableSchema,
  }),
  queryTeacherDetailPage: endpoint({
    method: 'GET',
    path: `${C}/queryTeacherDetailPage`,
    summary: '教师详情：各学年授课与成绩 / a teacher’s teaching',
    tags,
    query: PortraitCodeQuerySchema,
    response: PortraitTableSchema,
  }),
  queryStudentDown: endpoint({
    method: 'GET',
    path: `${C}/queryStudentDown`,
    summary: '下钻到学生：对象（学校、学院、专业）下的班级及人数（分页） / the classes toward the students',
    tags,
    query: PortraitScopePageQuerySchema,
    response: PortraitRowPageSchema,
  }),
  queryStudentDownClass: endpoint({
    method: 'GET',
    path: `${C}/queryStudentDownClass`,
    summary: '班级的学生（分页，可按学号或姓名查） / a class’s students, paged',
    tags,
    query: PortraitPageQuerySchema,
    response: PortraitRowPageSchema,
  }),
  queryMajorTeachingPersonnel: endpoint({
    method: 'GET',
    path: `${C}/queryMajorTeachingPersonnel`,
    summary: '专业的任课教师（职称、学位、双师型、授课门数） / the teachers of a major',
    tags,
    query: PortraitCodeQuerySchema,
    response: PortraitTableSchema,
  }),
  queryLeaderFollowStudent: endpoint({
    method: 'GET',
    path: `${C}/queryLeaderFollowStudent`,
    summary: '需关注的学生（学籍异常或体测不及格，分页） / the students to follow',
    tags,
    query: PortraitScopePageQuerySchema,
    response: PortraitRowPageSchema,
  }),
};

/** 画像配置 (spec-2 §7.1 portrayal): the portrait menu, cards and screens, and their ByAuth variants. */
export const PORTRAYAL_API = {
  queryMenu: endpoint({
    method: 'GET',
    path: `${P}/queryMenu`,
    summary: '画像菜单（全部画像类型） / the portrait kinds',
    tags,
    response: PortrayalMenuSchema,
  }),
  queryPortrayalByAuth: endpoint({
    method: 'GET',
    path: `${P}/queryPortrayalByAuth`,
    summary: '当前用户的画像权限（全部，或被授权的对象） / the user’s portrayal authority',
    tags,
    response: PortrayalAuthSchema,
  }),
  queryCard: endpoint({
    method: 'GET',
    path: `${P}/queryCard`,
    summary: '自定义画像卡片（全部） / the configured cards',
    tags,
    query: PortrayalCardQuerySchema,
    response: z.array(PortrayalCardSchema),
  }),
  queryCardByAuth: endpoint({
    method: 'GET',
    path: `${P}/queryCardByAuth`,
    summary: '当前用户可见画像的卡片 / the cards of the portraits the user may open',
    tags,
    query: PortrayalCardQuerySchema,
    response: z.array(PortrayalCardSchema),
  }),
  queryScreen: endpoint({
    method: 'GET',
    path: `${P}/queryScreen`,
    summary: '画像页面（各类型的内置与自定义卡片） / the portrait screens',
    tags,
    response: PortrayalScreenSchema,
  }),
  queryScreenByAuth: endpoint({
    method: 'GET',
    path: `${P}/queryScreenByAuth`,
    summary: '当前用户可见的画像页面 / the screens the user may open',
    tags,
    response: PortrayalScreenSchema,
  }),
  algorithms: endpoint({
    method: 'GET',
    path: `${P}/algorithms`,
    summary: '可作卡片指标的值算法 / the value algorithms a card may show',
    tags,
    response: PortrayalAlgorithmSchema,
  }),
  add: endpoint({
    method: 'POST',
    path: `${P}/add`,
    summary: '新增画像卡片 / add a card',
    tags,
    body: PortrayalAddSchema,
    response: PortrayalCardSchema,
    json: true,
  }),
  update: endpoint({
    method: 'POST',
    path: `${P}/update`,
    summary: '修改画像卡片（仅创建人） / edit a card (its creator only)',
    tags,
    body: PortrayalUpdateSchema,
    response: PortrayalCardSchema,
    json: true,
  }),
  delete: endpoint({
    method: 'POST',
    path: `${P}/delete`,
    summary: '删除画像卡片（仅创建人） / delete a card (its creator only)',
    tags,
    body: PortrayalDeleteSchema,
    response: z.null(),
    json: true,
  }),
};

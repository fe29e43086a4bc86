import { AUTH_MSG, MSG } from '@zg/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, withCsrf } from './test/harness';
import { OWNERSHIP_FIXTURES, type OwnershipFixtureName } from './test/ownership-fixtures';

/** The only routes that may be used without a session; a new one must be added here on purpose. */
const PUBLIC = new Set([
  'GET /api/health',
  'POST /api/authc/login',
  'GET /api/authc/casConfig',
  'POST /api/authc/casLogin',
  'GET /api/user/systemSetting',
  'GET /api/user/systemSetting/logo',
  'GET /api/user/appConfig',
  // Signed with the shared secret (HMAC-SHA256, timestamp, replay record): another system calls it without a session.
  'POST /api/herm-zdgj/handleWarningRemote',
]);
/** Routes that take a session without a CSRF token: only try-login, which hands the client its secret. */
const NO_CSRF = new Set(['GET /api/authc/tryLogin']);

/**
 * Every write route, classified: either owner-scoped, with the fixture (test/ownership-fixtures.ts) that creates a
 * record as one user and tries the write as a second user of the same role (refused) and then as the owner (done),
 * or not owner-scoped, with the reason. A new write route fails the ownership test until it is classified here.
 */
type Ownership = { owner: OwnershipFixtureName } | { not: string };
const owner = (fixture: OwnershipFixtureName): Ownership => ({ owner: fixture });
const not = (reason: string): Ownership => ({ not: reason });

const SIGN_IN = not('public sign-in: starts a session of its own and addresses no record');
const OWN_SESSION = not("ends the caller's own session");
const SELF = not("self-service: changes the signed-in user's own account or settings; takes no user or record id");
const SYSTEM = not('the system setting: one school-wide row, administrators only (route role zyadmin)');
const CREATES = not('creates a new record owned by the caller; addresses no existing one');
const CHUNK = not("a chunk goes into the caller's own upload session: another user's guid opens one of the caller's");
const PUBLISHER_TASKS = not(
  "shared by design: any year-target publisher (or the target's creator) adds tasks to any target (importTasks)",
);
const CHARGERS = not('shared setting: department chargers are the school organisation, kept by admins and publishers');
const TASK_EDIT = not(
  "task state machine: a top-level task by the publisher role before it is pushed, a child by its department's head (mayEdit; lifecycle and transitions API tests)",
);
const MACHINE = not(
  "task state machine: who acts is decided per task (publisher role, its department's head, owner, auditor), tested for every state x action x role, another head included (target-task.transitions.api.test.ts)",
);
const MISSION = not(
  'task state machine: whoever may edit the task, or its owner while defining it (mayEditMission; annual-wbs.api.test.ts)',
);
const ORDER = not("shared by design: the order of a year's targets is kept by the year-target publishers together");
const TASK_TYPES = not('shared setting: the four task types are school-wide names kept by the year-target publishers');
const WARNING_SETTINGS = not(
  'shared setting: warning types, conditions and batch configuration are school-wide, kept by admins and publishers',
);
const WARNING_DISMISS = not(
  "shared by design: the publisher role (or the target's creator) dismisses warnings of any target (progress.annual.api.test.ts)",
);
const THROTTLE = not(
  'school-wide: clears the sign-in limits of an account or an address, administrators only (route role zyadmin; authc.api.test.ts)',
);
const WARNING_RUN = not(
  'school-wide: runs the hourly warning evaluation over every task now, administrators only (route role zyadmin)',
);
const URGE = not("shared by design: the publisher role (or the target's creator) urges the departments of any target");
const FOCUS = not('self-service: follows or unfollows a visible task for the caller only');
const REPORT_LIBRARY = not(
  'shared setting: report templates and covers are one school library (one default cover), kept by admins and publishers',
);
const DIMENSIONS = not(
  'shared setting: dimensions, their objects and the department responsibilities are one school catalogue kept by administrators and the data office (route roles zyadmin, dataOffice)',
);
const WAREHOUSE = not(
  'shared setting: the data warehouse (warehouses, tables, fields, physical tables and their rows) is one school catalogue kept by administrators and the data office (route roles zyadmin, dataOffice)',
);
const DATA_SOURCES = not(
  'shared setting: the data sources are school-wide connections kept by administrators and the data office together (datasource.api.test.ts)',
);

const CYCLES = not(
  'shared setting: cycle values (with the default and hidden flags) are one school list read by every cycle picker, kept by administrators and the data office (route roles zyadmin, dataOffice)',
);
const DEPARTMENT_VERSIONS = not(
  'shared setting: the department versions are the school organisation, one enabled, kept by administrators and the data office (route roles zyadmin, dataOffice)',
);
const ALGORITHMS = not(
  'shared setting: algorithms (groups, algorithms, versions, tests and stored results) are one school catalogue kept by administrators and the data office (route roles zyadmin, dataOffice); tests and results only read the warehouse',
);

const STANDARD = not(
  "authority-scoped per system: only its creator, the administrators and the roles or users a write grant names change a system, its tree, its grants or its recycle batches; anyone else gets 403 on every such route (standard.api.test.ts 'authority per route')",
);
const STANDARD_DEPOT = not(
  'shared library: the task depot of reusable QCPs is kept together by the roles that create standard systems (zyadmin, 2020006, 2020003); using an item needs write on the system it goes into',
);

const COLLECTION = not(
  'shared setting: form directories, forms and their versions, constants and collection tasks are one school catalogue kept by administrators and the data office (route roles zyadmin, dataOffice)',
);

const SYSTEM_ADMIN = not(
  '系统管理: school-wide users, roles and menus, departments, settings and sessions, administrators only (route role zyadmin; system-admin.api.test.ts)',
);

const DIAGNOSIS_PUBLISH = not('creates a new diagnosis task owned by the caller (publishers and administrators only)');
const BULK_JOB = not(
  'a job running updateuplist / updatedownlist: every object task is checked under lock and one refused fails it, nothing applied (object-bulk.api.test.ts)',
);
const CHART_LIBRARY = not(
  'shared setting: the chart library (图表库) is kept by its keepers together (administrators and the data office)',
);
const SCREEN_KEEPERS = not(
  'shared setting: the data screens are school-wide, laid out and restored by their keepers together (administrators and diagnosis administrators; screen.api.test.ts)',
);
const D = (route: string) => `POST /api/herm-zdgj${route}`;
const DIAGNOSIS: Record<string, Ownership> = {
  [D('/rest/task/insert')]: DIAGNOSIS_PUBLISH,
  ...Object.fromEntries(
    [
      '/rest/task/update',
      '/rest/task/ids/delete',
      '/rest/task/pause',
      '/rest/task/resume',
      '/rest/task/finish',
      '/rest/task/calresult',
      '/doneFutureTask',
      '/rest/obj/insertlist',
      '/rest/obj/:id/delete',
      '/rest/obj/deleteList',
      '/rest/obj/updatePushedCharger',
      '/rest/obj/authority',
      '/rest/obj/diagnoseagain',
      '/rest/obj/refreshTarget',
      '/rest/obj/calScore',
      '/rest/quality/updatembzcommit',
      '/rest/quality/updateupmbz',
      '/rest/quality/updatexzmbz',
      '/rest/quality/updateupjgz',
      '/rest/quality/updatejgz',
      '/rest/quality/selectcollent',
      '/rest/quality/deletecl',
      '/rest/quality/calresult',
      '/rest/audit/submit',
      '/rest/audit/pass',
      '/rest/audit/refuse',
      '/rest/disqualified/update',
      '/rest/quality/uploadFileList',
      '/rest/obj/updateuplist',
      '/rest/obj/updatedownlist',
    ].map((r) => [D(r), owner('diagnosis')]),
  ),
};

const WRITES: Record<string, Ownership> = {
  ...DIAGNOSIS,
  // Issue 31's bulk work: the same per-object checks as updateuplist / updatedownlist (above), all or none.
  [D('/rest/obj/asyncupdateuplist')]: BULK_JOB,
  [D('/rest/obj/asyncupdatedownlist')]: BULK_JOB,
  [D('/rest/obj/uploadCheckout')]: not(
    'checks an Excel file and writes nothing; rows of object tasks the caller may not write are reported (object-bulk.api.test.ts)',
  ),
  [D('/rest/obj/uploadSynchronization')]: not(
    'writes only targets the caller may write: one row of another object task refuses the whole file (object-bulk.api.test.ts)',
  ),
  'POST /api/herm-znfx/cacheQualityByTaskId': not(
    'rebuilds a derived summary of a task the caller sees whole (publisher, monitor, auditor, leaders); changes no record',
  ),
  [D('/rest/warningflow/dispose')]: owner('qualityWarning'),
  [D('/rest/case/step')]: owner('qualityWarning'),
  [D('/handleWarningRemote')]: not(
    'public by design: another system signs the call (HMAC-SHA256 with the shared secret, timestamp, replays refused; quality-warning.remote.api.test.ts)',
  ),
  'POST /api/authc/login': SIGN_IN,
  'POST /api/authc/casLogin': SIGN_IN,
  'POST /api/authc/logout': OWN_SESSION,
  'POST /api/authc/loginThrottle/clear': THROTTLE,
  'POST /api/user/personalInfo/update': SELF,
  'POST /api/user/password/update': SELF,
  'POST /api/user/portraitChange': SELF,
  'POST /api/user/theme': SELF,
  'POST /api/user/school/updateSelected': SELF,
  'POST /api/user/school/benchmark/update': SELF,
  'POST /api/user/systemSetting/update': SYSTEM,
  'POST /api/user/systemSetting/logoUpload': SYSTEM,
  'POST /api/system/user/create': SYSTEM_ADMIN,
  'POST /api/system/user/:userId/update': SYSTEM_ADMIN,
  'POST /api/system/user/:userId/enable': SYSTEM_ADMIN,
  'POST /api/system/user/:userId/disable': SYSTEM_ADMIN,
  'POST /api/system/user/:userId/resetPassword': SYSTEM_ADMIN,
  'POST /api/system/user/import': SYSTEM_ADMIN,
  'POST /api/system/role/create': SYSTEM_ADMIN,
  'POST /api/system/role/:roleId/update': SYSTEM_ADMIN,
  'POST /api/system/role/:roleId/delete': SYSTEM_ADMIN,
  'POST /api/system/role/:roleId/menus': SYSTEM_ADMIN,
  'POST /api/system/department/create': SYSTEM_ADMIN,
  'POST /api/system/department/:departmentId/update': SYSTEM_ADMIN,
  'POST /api/system/department/:departmentId/enable': SYSTEM_ADMIN,
  'POST /api/system/department/:departmentId/disable': SYSTEM_ADMIN,
  'POST /api/system/setting/update': SYSTEM_ADMIN,
  'POST /api/system/setting/casTest': SYSTEM_ADMIN,
  'POST /api/system/session/:sessionId/end': SYSTEM_ADMIN,
  'POST /api/herm-zdgj/rest/file/upload': CREATES,
  'POST /api/herm-zdgj/rest/file/chunk': CHUNK,
  'POST /api/herm-zdgj/rest/file/merge': owner('files'),
  'POST /api/herm-zdgj/rest/file/files/insert': owner('files'),
  'POST /api/herm-zdgj/rest/file/files/saveList': owner('files'),
  'POST /api/herm-zdgj/rest/file/files/:id/delete': owner('files'),
  'POST /api/docrepo/upload': owner('files'),
  'POST /api/docrepo/merge': owner('files'),
  'POST /api/docrepo/shareById': owner('files'),
  'POST /api/herm-wbs/targetTask/import': PUBLISHER_TASKS,
  'POST /api/herm-wbs/departManage/chargers/insert': CHARGERS,
  'POST /api/herm-wbs/departManage/chargers/delete': CHARGERS,
  'POST /api/herm-wbs/departManage/chargers/import': CHARGERS,
  'POST /api/herm-wbs/yearTarget/insert': CREATES,
  'POST /api/herm-wbs/yearTarget/update': owner('yearTarget'),
  'POST /api/herm-wbs/yearTarget/:id/delete': owner('yearTarget'),
  'POST /api/herm-wbs/targetTask/insert': TASK_EDIT,
  'POST /api/herm-wbs/targetTask/update': TASK_EDIT,
  'POST /api/herm-wbs/targetTask/:id/delete': TASK_EDIT,
  'POST /api/herm-wbs/targetTaskFile/save': owner('task'),
  'POST /api/herm-wbs/targetTask/:id/push': MACHINE,
  'POST /api/herm-wbs/targetTask/:id/withdraw': MACHINE,
  'POST /api/herm-wbs/targetTask/:id/accept': MACHINE,
  'POST /api/herm-wbs/targetTask/:id/goBack': MACHINE,
  'POST /api/herm-wbs/targetTask/:id/resolve': MACHINE,
  'POST /api/herm-wbs/targetTask/:id/decompose': MACHINE,
  'POST /api/herm-wbs/targetTaskAudit/:id/submit': MACHINE,
  'POST /api/herm-wbs/targetTaskAudit/:id/pass': MACHINE,
  'POST /api/herm-wbs/targetTaskAudit/:id/refuse': MACHINE,
  'POST /api/herm-wbs/yearTarget/moveYearTarget': ORDER,
  'POST /api/herm-ndwbs/yearTargetTask/import': PUBLISHER_TASKS,
  'POST /api/herm-ndwbs/averageLevelTarget/updateTaskStauts': MACHINE,
  'POST /api/herm-ndwbs/averageLevelTarget/withdrawTask': MACHINE,
  'POST /api/herm-ndwbs/yearTargetTaskType/update': TASK_TYPES,
  'POST /api/herm-ndwbs/chargers/insert': CHARGERS,
  'POST /api/herm-ndwbs/chargers/delete': CHARGERS,
  'POST /api/herm-ndwbs/chargers/import': CHARGERS,
  'POST /api/herm-ndwbs/yearTargetTask/insert': CREATES,
  'POST /api/herm-ndwbs/yearTargetTask/update': owner('yearTarget'),
  'POST /api/herm-ndwbs/yearTargetTask/:id/delete': owner('yearTarget'),
  'POST /api/herm-ndwbs/averageLevelTarget/insert': TASK_EDIT,
  'POST /api/herm-ndwbs/averageLevelTarget/update': TASK_EDIT,
  'POST /api/herm-ndwbs/averageLevelTarget/:id/delete': TASK_EDIT,
  'POST /api/herm-ndwbs/targetTaskFile/save': owner('task'),
  'POST /api/herm-ndwbs/missionStatement/update': MISSION,
  'POST /api/herm-wbs/targetTaskSituation/insert': owner('task'),
  'POST /api/herm-wbs/targetTaskSituation/update': owner('task'),
  'POST /api/herm-wbs/targetTaskSituation/:id/delete': owner('task'),
  'POST /api/herm-wbs/targetTaskSituation/auditTargetTask': owner('task'),
  'POST /api/herm-wbs/delayAuditing/insert': owner('task'),
  'POST /api/herm-wbs/delayAuditing/audit': owner('task'),
  'POST /api/herm-wbs/targetTaskDetail/delDetailWarning': WARNING_DISMISS,
  'POST /api/herm-wbs/warningTask/evaluate': WARNING_RUN,
  'POST /api/herm-wbs/warningType/insert': WARNING_SETTINGS,
  'POST /api/herm-wbs/warningType/update': WARNING_SETTINGS,
  'POST /api/herm-wbs/warningType/:id/delete': WARNING_SETTINGS,
  'POST /api/herm-wbs/warningConditions/insert': WARNING_SETTINGS,
  'POST /api/herm-wbs/warningBatchConfig/insert': WARNING_SETTINGS,
  'POST /api/herm-wbs/yearTargetUrge/batchInsert': URGE,
  'POST /api/herm-wbs/warningUrge/addUrge': URGE,
  'POST /api/herm-wbs/warningUrge/acceptUrge': owner('urge'),
  'POST /api/herm-ndwbs/scheduleAuditing/insert': owner('task'),
  'POST /api/herm-ndwbs/scheduleAuditing/update': owner('task'),
  'POST /api/herm-ndwbs/scheduleAuditing/:id/delete': owner('task'),
  'POST /api/herm-ndwbs/scheduleAuditing/audit': owner('task'),
  'POST /api/herm-ndwbs/delayAuditing/insert': owner('task'),
  'POST /api/herm-ndwbs/delayAuditing/audit': owner('task'),
  'POST /api/herm-ndwbs/warningTask/delDetailWarning': WARNING_DISMISS,
  'POST /api/herm-ndwbs/warningTask/evaluate': WARNING_RUN,
  'POST /api/herm-ndwbs/warningType/insert': WARNING_SETTINGS,
  'POST /api/herm-ndwbs/warningType/update': WARNING_SETTINGS,
  'POST /api/herm-ndwbs/warningType/:id/delete': WARNING_SETTINGS,
  'POST /api/herm-ndwbs/warningConditions/insert': WARNING_SETTINGS,
  'POST /api/herm-ndwbs/warningBatchConfig/insert': WARNING_SETTINGS,
  'POST /api/herm-ndwbs/yearTargetUrge/batchInsert': URGE,
  'POST /api/herm-ndwbs/warningUrge/addUrge': URGE,
  'POST /api/herm-ndwbs/warningUrge/acceptUrge': owner('urge'),
  'POST /api/herm-zdgj/rest/focus/focus': FOCUS,
  'POST /api/herm-wbs/targetReportTemplate/insert': REPORT_LIBRARY,
  'POST /api/herm-wbs/targetReportTemplate/update': REPORT_LIBRARY,
  'POST /api/herm-wbs/targetReportTemplate/ids/delete': REPORT_LIBRARY,
  'POST /api/herm-wbs/targetReportCover/insert': REPORT_LIBRARY,
  'POST /api/herm-wbs/targetReportCover/:id/delete': REPORT_LIBRARY,
  'POST /api/herm-wbs/targetReportCover/:id/default': REPORT_LIBRARY,
  'POST /api/herm-wbs/targetReport/generateReport': owner('task'),
  'POST /api/herm-wbs/targetReport/updateLevelSelf': owner('task'),
  'POST /api/herm-wbs/targetReport/submitAudit': owner('task'),
  'POST /api/herm-wbs/targetReport/audit': owner('task'),
  'POST /api/herm-sjcj/tableConfiguration/insert': CREATES,
  'POST /api/herm-sjcj/tableConfiguration/update': owner('tableConfig'),
  'POST /api/herm-sjcj/tableConfiguration/:id/delete': owner('tableConfig'),
  'POST /api/herm-sjcj/formDirectorys/insert': COLLECTION,
  'POST /api/herm-sjcj/formDirectorys/update': COLLECTION,
  'POST /api/herm-sjcj/formDirectorys/:id/delete': COLLECTION,
  'POST /api/herm-sjcj/forms/insert': COLLECTION,
  'POST /api/herm-sjcj/forms/update': COLLECTION,
  'POST /api/herm-sjcj/forms/:id/delete': COLLECTION,
  'POST /api/herm-sjcj/forms/:id/publishById': COLLECTION,
  'POST /api/herm-sjcj/constantTypes/insert': COLLECTION,
  'POST /api/herm-sjcj/constantTypes/update': COLLECTION,
  'POST /api/herm-sjcj/constantTypes/:id/delete': COLLECTION,
  'POST /api/herm-sjcj/constants/insert': COLLECTION,
  'POST /api/herm-sjcj/constants/update': COLLECTION,
  'POST /api/herm-sjcj/constants/ids/delete': COLLECTION,
  'POST /api/herm-sjcj/constants/import': COLLECTION,
  'POST /api/herm-sjcj/tasks/insert': COLLECTION,
  'POST /api/herm-sjcj/tasks/update': COLLECTION,
  'POST /api/herm-sjcj/tasks/:id/delete': COLLECTION,
  'POST /api/herm-sjcj/tasks/closeOutdatedTask': COLLECTION,
  'POST /api/herm-sjcj/datas/synDataByTaskId': COLLECTION,
  'POST /api/herm-sjcj/datas/updateOrInsert': owner('fillTask'),
  'POST /api/herm-sjcj/datas/import': owner('fillTask'),
  'POST /api/herm-sjcj/fillTasks/:id/commit': owner('fillTask'),
  'POST /api/herm-sjcj/fillTasks/:id/withdraw': owner('fillTask'),
  'POST /api/herm-sjcj/fillTasks/:id/audit': owner('fillTask'),
  'POST /api/herm-sjcj/fillTasks/rollback': owner('fillTask'),
  'POST /api/herm-sjcj/taskAllocations/audit': owner('fillTask'),
  'POST /api/herm-sjcj/taskAllocations/rollback': owner('fillTask'),
  'POST /api/herm-mbbz/target/insert': CREATES,
  'POST /api/herm-mbbz/target/update': STANDARD,
  'POST /api/herm-mbbz/target/:id/publish': STANDARD,
  'POST /api/herm-mbbz/target/:id/delete': STANDARD,
  'POST /api/herm-mbbz/target/:id/copyTargetFull': CREATES,
  'POST /api/herm-mbbz/targetAuthority/insert': STANDARD,
  'POST /api/herm-mbbz/targetAuthority/update': STANDARD,
  'POST /api/herm-mbbz/targetAuthority/:id/delete': STANDARD,
  'POST /api/herm-mbbz/catalog/insert': STANDARD,
  'POST /api/herm-mbbz/catalog/update': STANDARD,
  'POST /api/herm-mbbz/catalog/move': STANDARD,
  'POST /api/herm-mbbz/catalog/:id/delete': STANDARD,
  'POST /api/herm-mbbz/quality/import': STANDARD,
  'POST /api/herm-mbbz/quality/persistQuality': STANDARD,
  'POST /api/herm-mbbz/taskDepot/insert': STANDARD_DEPOT,
  'POST /api/herm-mbbz/taskDepot/use': STANDARD,
  'POST /api/herm-mbbz/taskDepot/:id/delete': STANDARD_DEPOT,
  'POST /api/herm-mbbz/recycle/recovery': STANDARD,
  'POST /api/herm-mbbz/recycle/purge': STANDARD,
  'POST /api/herm-sjgl/ck/insert': WAREHOUSE,
  'POST /api/herm-sjgl/ck/update': WAREHOUSE,
  'POST /api/herm-sjgl/ck/ids/delete': WAREHOUSE,
  'POST /api/herm-sjgl/ckb/insert': WAREHOUSE,
  'POST /api/herm-sjgl/ckb/update': WAREHOUSE,
  'POST /api/herm-sjgl/ckb/ids/delete': WAREHOUSE,
  'POST /api/herm-sjgl/ckb/cjwlb': WAREHOUSE,
  'POST /api/herm-sjgl/ckb/scwlb': WAREHOUSE,
  'POST /api/herm-sjgl/ckb/updatebsj': WAREHOUSE,
  'POST /api/herm-sjgl/ckb/deletebsj': WAREHOUSE,
  'POST /api/herm-sjgl/ckb/drbjg': WAREHOUSE,
  'POST /api/herm-sjgl/ckb/drsj': WAREHOUSE,
  'POST /api/herm-sjgl/ckb/drsj/task': WAREHOUSE,
  'POST /api/herm-sjgl/ckbzd/insert': WAREHOUSE,
  'POST /api/herm-sjgl/ckbzd/update': WAREHOUSE,
  'POST /api/herm-sjgl/ckbzd/ids/delete': WAREHOUSE,
  'POST /api/herm-sjgl/datasource/insert': CREATES,
  'POST /api/herm-sjgl/datasource/update': DATA_SOURCES,
  'POST /api/herm-sjgl/datasource/test': DATA_SOURCES,
  'POST /api/herm-sjgl/datasource/deleteBatchIds': DATA_SOURCES,
  'POST /api/herm-sjgl/datasource/:id/delete': DATA_SOURCES,
  'POST /api/herm-sjgl/cycle/insert': CYCLES,
  'POST /api/herm-sjgl/cycle/update': CYCLES,
  'POST /api/herm-sjgl/cycle/:id/delete': CYCLES,
  'POST /api/herm-sjgl/cycle/ids/delete': CYCLES,
  'POST /api/herm-sjgl/cycle/:id/defaultStatusChange': CYCLES,
  'POST /api/herm-sjgl/cycle/:id/hideStatusChange': CYCLES,
  'POST /api/herm-sjgl/departmentVersion/insert': DEPARTMENT_VERSIONS,
  'POST /api/herm-sjgl/departmentVersion/update': DEPARTMENT_VERSIONS,
  'POST /api/herm-sjgl/departmentVersion/:id/delete': DEPARTMENT_VERSIONS,
  'POST /api/herm-sjgl/departmentVersion/:id/enable': DEPARTMENT_VERSIONS,
  'POST /api/herm-sjgl/dimension/type/insert': DIMENSIONS,
  'POST /api/herm-sjgl/dimension/type/update': DIMENSIONS,
  'POST /api/herm-sjgl/dimension/type/delete': DIMENSIONS,
  'POST /api/herm-sjgl/dimension/insert': DIMENSIONS,
  'POST /api/herm-sjgl/dimension/update': DIMENSIONS,
  'POST /api/herm-sjgl/dimension/delete': DIMENSIONS,
  'POST /api/herm-sjgl/dimension/upload': DIMENSIONS,
  'POST /api/herm-sjgl/departmentDuty/save': DIMENSIONS,
  'POST /api/herm-sjgl/algorithmGroup/insert': ALGORITHMS,
  'POST /api/herm-sjgl/algorithmGroup/update': ALGORITHMS,
  'POST /api/herm-sjgl/algorithmGroup/:id/delete': ALGORITHMS,
  'POST /api/herm-sjgl/algorithmContent/insert': ALGORITHMS,
  'POST /api/herm-sjgl/algorithmContent/update': ALGORITHMS,
  'POST /api/herm-sjgl/algorithmContent/:id/delete': ALGORITHMS,
  'POST /api/herm-sjgl/algorithmContent/check': ALGORITHMS,
  'POST /api/herm-sjgl/algorithmContent/testByObject': ALGORITHMS,
  'POST /api/herm-sjgl/algorithmContent/testResult': ALGORITHMS,
  'POST /api/herm-sjgl/algorithmContent/testResultBatch': ALGORITHMS,
  'POST /api/herm-sjgl/algorithmVersion/:id/setCurrent': ALGORITHMS,
  'POST /api/herm-sjgl/algorithmVersion/:id/delete': ALGORITHMS,
  'POST /api/herm-sjgl/algorithmRun/:id/rerun': ALGORITHMS,
  // 仪表盘 (issue 34): the chart library is a shared setting of its keepers; a dashboard is the caller's own.
  'POST /api/herm-sjgl/ybplx/insert': CHART_LIBRARY,
  'POST /api/herm-sjgl/ybplx/:id/delete': CHART_LIBRARY,
  'POST /api/herm-sjgl/ybp/insert': CHART_LIBRARY,
  'POST /api/herm-sjgl/ybp/:id/delete': CHART_LIBRARY,
  'POST /api/herm-sjfw/dynamicYbpDy/updateList': SELF,
  'POST /api/herm-sjfw/dynamicYbpDy/data': not(
    "reads the caller's own dashboard's charts (a POST for its body); each chart rechecked against the caller's roles and departments",
  ),
  'POST /api/herm-xxjk/indicatorDataShow': not(
    'reads indicator figures (a POST for its body) for the monitoring roles; writes nothing',
  ),
  // 数据大屏 (issue 34): school-wide screens kept by the screen keepers together; the data call only reads.
  'POST /api/herm-xxjk/schoolScreen/updateSchoolScreen': SCREEN_KEEPERS,
  'POST /api/herm-xxjk/schoolScreen/saveSchoolHistory': SCREEN_KEEPERS,
  'POST /api/herm-xxjk/schoolScreen/queryScreenData': not(
    "reads a screen's data (a POST for its body) within the caller's screen authority, each chart rechecked; writes nothing",
  ),
  // Notifications (issue 32 item 6): one's own item only (another user's answers as missing), all of one's own.
  'POST /api/notification/read': owner('notification'),
  'POST /api/notification/readAll': SELF,
  // 自我诊断报告 (issue 33): the object task's person in charge writes its report; another answers as missing.
  [D('/rest/report/generate')]: owner('selfReport'),
  [D('/rest/report/explain/save')]: owner('selfReport'),
  [D('/rest/report/submit')]: owner('selfReport'),
  [D('/rest/report/share')]: owner('selfReport'),
  [D('/rest/report/review/expertreview')]: not(
    'a role-held act: any 校外专家 reviews a submitted report, once (self-report-review.api.test.ts); others are refused',
  ),
  [D('/rest/report/review/schoolreview')]: not(
    'a role-held act: any 学校审核 reviews an expert-reviewed report, once (self-report-review.api.test.ts)',
  ),
  [D('/rest/report/reject')]: not('a role-held act of the reviewers (校外专家, 学校审核), with a reason'),
  [D('/rest/report/summary')]: not(
    "a role-held read of the whole school (管理员, 诊改管理员, 诊改发布者, 校领导, 学校审核): starts a job that only reads; its result is its owner's alone",
  ),
  [D('/rest/report/review/select')]: not("reads the caller's review queue (a POST as the spec's); writes nothing"),
  [D('/rest/report/discuss/insertdiscuss')]: not(
    'anyone who may read the report posts to its thread under their own name; a hidden report answers as missing',
  ),
  // 对标分析 / 双高 (issue 35): the school's figures, 本校 and the double-high list, kept by its keepers together.
  'POST /api/herm-xxjk/rivalAnalysis/querySchoolRival': not(
    "reads 本校 and the caller's own benchmark schools' figures (a POST for its body); writes nothing",
  ),
  'POST /api/herm-xxjk/rivalAnalysis/updateOwnSchool': not(
    'shared setting: 本校 is the whole school’s, set by the administrators and diagnosis administrators (rival-analysis.api.test.ts)',
  ),
  'POST /api/herm-xxjk/rivalAnalysis/upload': not(
    'school-wide public figures of schools, imported by the administrators and diagnosis administrators together',
  ),
  'POST /api/herm-xxjk/doubleHigh/upload': not(
    'the published double-high list, school-wide, kept by the administrators and diagnosis administrators together',
  ),
  // 画像分析 (issue 35): a portrait card is its creator's to edit and delete (portrait.api.test.ts).
  'POST /api/herm-xxjk/portrayal/add': CREATES,
  'POST /api/herm-xxjk/portrayal/update': owner('portraitCard'),
  'POST /api/herm-xxjk/portrayal/delete': owner('portraitCard'),
};

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s?.close();
});

const apiRoutes = () =>
  s.app.routeCatalog.filter(
    (r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs') && r.method !== 'HEAD' && r.method !== 'OPTIONS',
  );
const concrete = (url: string) => url.replace(/:\w+/g, '00000000-0000-4000-8000-000000000000');

describe('every registered route', () => {
  it('declares its access, and only the known ones are public', () => {
    const routes = apiRoutes();
    expect(routes.length).toBeGreaterThan(15);
    for (const r of routes) expect(r.access, `${r.method} ${r.url}`).toBeDefined();
    const publicOnes = routes.filter((r) => r.access && 'public' in r.access).map((r) => `${r.method} ${r.url}`);
    expect(new Set(publicOnes)).toEqual(PUBLIC);
  });

  it('refuses a request without a session (401)', async () => {
    for (const r of apiRoutes()) {
      const key = `${r.method} ${r.url}`;
      if (PUBLIC.has(key)) continue;
      const res = await s.app.inject({ method: r.method as 'GET', url: concrete(r.url), payload: {} });
      expect(res.statusCode, key).toBe(401);
      expect(res.json().meta.success, key).toBe(false);
    }
  });

  it('refuses a signed-in request with a missing or forged CSRF token (403)', async () => {
    const { cookie, record } = await s.login('zyadmin');
    for (const r of apiRoutes()) {
      const key = `${r.method} ${r.url}`;
      if (PUBLIC.has(key) || NO_CSRF.has(key)) continue;
      const missing = await s.app.inject({ method: r.method as 'GET', url: concrete(r.url), headers: { cookie } });
      expect(missing.statusCode, `${key} missing`).toBe(403);
      expect(missing.json().meta.message, key).toBe(AUTH_MSG.csrfInvalid);
      const forged = withCsrf(concrete(r.url), 'f'.repeat(64));
      const bad = await s.app.inject({ method: r.method as 'GET', url: forged, headers: { cookie } });
      expect(bad.statusCode, `${key} forged`).toBe(403);
    }
    // The same session with its real secret passes the CSRF check.
    const good = await s.app.inject({
      method: 'GET',
      url: withCsrf('/api/user/roles', record.csrfSecret),
      headers: { cookie },
    });
    expect(good.statusCode).toBe(200);
  });
});

describe('系统管理', () => {
  it('serves every /api/system route to administrators only (role zyadmin, no menu key)', () => {
    const routes = apiRoutes().filter((r) => r.url.startsWith('/api/system/'));
    expect(routes.length).toBeGreaterThan(25);
    for (const r of routes) expect(r.access, `${r.method} ${r.url}`).toEqual({ roles: ['zyadmin'] });
  });
});

describe('permissions', () => {
  it('answers a missing menu grant with 403 and the spec message', async () => {
    const t = await startTestServer({
      extraRoutes: (app) => {
        app.get('/api/test/data-manage', { config: { access: { menus: ['dataManagement'] } } }, async () => ({
          ok: 1,
        }));
        app.get('/api/test/depart-head', { config: { access: { roles: ['targetTaskDepart'] } } }, async () => ({
          ok: 1,
        }));
      },
    });
    try {
      const owner = await t.login('rwfzr01');
      const denied = await owner.request({ method: 'GET', url: '/api/test/data-manage' });
      expect(denied.statusCode).toBe(403);
      expect(denied.json().meta.message).toBe(MSG.noPermission);
      const admin = await t.login('zyadmin');
      expect((await admin.request({ method: 'GET', url: '/api/test/data-manage' })).statusCode).toBe(200);
      // targetTaskDepart is derived on the server for the head of a department.
      expect((await owner.request({ method: 'GET', url: '/api/test/depart-head' })).statusCode).toBe(403);
      const head = await t.login('bmfzr01');
      expect((await head.request({ method: 'GET', url: '/api/test/depart-head' })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});

describe('ownership of every write', () => {
  it('classifies every write route; an owner-scoped one refuses a second user of the same role and lets the owner', {
    timeout: 300_000,
  }, async () => {
    const writes = apiRoutes()
      .filter((r) => r.method !== 'GET')
      .map((r) => `${r.method} ${r.url}`);
    expect(
      writes.filter((k) => !WRITES[k]),
      'write routes to classify in WRITES',
    ).toEqual([]);
    expect(
      Object.keys(WRITES).filter((k) => !writes.includes(k)),
      'WRITES names routes that do not exist',
    ).toEqual([]);

    const checked = new Set<string>();
    for (const [name, fixture] of Object.entries(OWNERSHIP_FIXTURES)) {
      await fixture(s, async (w) => {
        expect(WRITES[w.route], w.route).toEqual({ owner: name });
        const refused = await w.other();
        expect([403, 404], `${w.route} by another user of the same role: ${refused.body}`).toContain(
          refused.statusCode,
        );
        expect(refused.json().meta.success, w.route).toBe(false);
        const done = await w.owner();
        expect(done.statusCode, `${w.route} by the owner: ${done.body}`).toBe(200);
        checked.add(w.route);
        return done;
      });
    }
    const ownerScoped = Object.keys(WRITES).filter((k) => 'owner' in (WRITES[k] as Ownership));
    expect([...checked].sort(), 'owner-scoped routes without a check in their fixture').toEqual(ownerScoped.sort());
  });
});

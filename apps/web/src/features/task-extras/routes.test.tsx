import { EXTRA_PAGE_LABEL, ROLE } from '@zg/contract';
import { describe, expect, it } from 'vitest';
import { ANALYSIS_ROUTES, extraRoutesFor } from './routes';
import { recordOf } from './test-helpers';

const slugs = (r: ReturnType<typeof recordOf>) => extraRoutesFor(r).map((x) => x.slug);

describe('the issue-8 route list', () => {
  it('has a label for every page', () => {
    for (const r of ANALYSIS_ROUTES) expect(r.label).toBe(EXTRA_PAGE_LABEL[r.slug]);
  });

  it('gives each role its pages', () => {
    const leader = recordOf('xld01', '陈伯涛', {
      roles: [ROLE.schoolLeader],
      menus: ['homePage', 'wbs', 'annualWbs', 'performance'],
    });
    expect(slugs(leader)).toContain('globalSummaryAnalysis');
    expect(slugs(leader)).toContain('performanceAppraisal');
    expect(slugs(leader)).not.toContain('departmentSummaryAnalysis');
    expect(slugs(leader)).not.toContain('reportTemplate');

    const head = recordOf('bmfzr01', '王建国', {
      roles: [ROLE.targetDepartHead],
      menus: ['homePage', 'wbs', 'performance'],
      heads: [{ bmid: 'D02', bmmc: '教务处' }],
    });
    expect(slugs(head)).toContain('departmentSummaryAnalysis');
    expect(slugs(head)).not.toContain('globalSummaryAnalysis');

    const owner = recordOf('rwfzr01', '张伟', { roles: [ROLE.targetTaskOwner] });
    expect(slugs(owner)).toEqual(['mySummaryAnalysis', 'annualAnalysis', 'taskReport', 'file-all', 'file-myself']);

    const publisher = recordOf('fbr01', '李明', { roles: [ROLE.targetPublisher], menus: ['wbs', 'performance'] });
    expect(slugs(publisher)).toContain('reportTemplate');
    expect(slugs(publisher)).toContain('globalSummaryAnalysis');

    expect(extraRoutesFor(null)).toEqual([]);
    expect(slugs(recordOf('x', '无菜单', { roles: [ROLE.admin], menus: ['homePage'] }))).toEqual([]);
  });
});

import { ALGORITHM_LIMITS } from '@zg/contract';
import { describe, expect, it } from 'vitest';
import { checkAlgorithmSql } from '../../modules/algorithm';
import { allDemoIndicators, DEMO_INDICATORS } from './indicators';

const indicators = allDemoIndicators();

describe('the demo diagnosis indicators', () => {
  it('are at least 30, in the five level groups, with unique names the algorithm module takes', () => {
    expect(indicators.length).toBeGreaterThanOrEqual(30);
    expect(DEMO_INDICATORS.map((g) => g.name)).toEqual(['学校层面', '专业层面', '课程层面', '教师层面', '学生层面']);
    for (const g of DEMO_INDICATORS) expect(g.indicators.length, g.name).toBeGreaterThanOrEqual(5);
    expect(new Set(indicators.map((i) => i.name)).size).toBe(indicators.length);
    for (const i of indicators) {
      expect(i.name.length, i.name).toBeLessThanOrEqual(ALGORITHM_LIMITS.nameMax);
      expect(i.sql.length, i.name).toBeLessThanOrEqual(ALGORITHM_LIMITS.sqlMax);
      expect(i.bounds[0], i.name).toBeLessThan(i.bounds[1]);
    }
    for (const name of [
      '生师比',
      '双师素质专任教师比例',
      '高级职称专任教师比例',
      '生均教学科研仪器设备值',
      '生均校内实践教学工位数',
      '专业对口就业率',
      '初次就业率',
      '课程优良率',
      '学生体质测试合格率',
      '毕业率',
      '职业资格证书获取率',
      '课程及格率',
      '新生报到率',
      '招生计划完成率',
      '顶岗实习对口率',
      '硕士以上学位教师比例',
    ])
      expect(indicators.map((i) => i.name)).toContain(name);
  });

  it('each opens with its formula in a comment naming the indicator', () => {
    for (const i of indicators) expect(i.sql.split('\n')[0], i.name).toMatch(new RegExp(`^-- ${i.name}.* = .+`));
  });

  it('each passes the algorithm checker, reads demo tables only, and takes :objectId and :year', async () => {
    for (const i of indicators) {
      const c = await checkAlgorithmSql(i.sql);
      expect(c.ok ? null : c.message, i.name).toBeNull();
      if (!c.ok) continue;
      expect(c.params.sort(), i.name).toEqual(['objectId', 'year']);
      for (const t of c.tables) expect(t, i.name).toMatch(/^jx_/);
    }
  });
});

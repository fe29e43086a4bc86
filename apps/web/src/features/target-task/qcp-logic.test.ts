import { describe, expect, it } from 'vitest';
import { qcpIds, qcpLabel, qcpTree } from './qcp-logic';

const q = (
  id: number,
  name: string,
  systemId: number,
  systemName: string,
  dimensionName: string | null = '计分卡',
) => ({
  id,
  name,
  dimensionName,
  systemId,
  systemName,
});

describe('服务的质控点 on the task form', () => {
  it('groups the QCPs under their systems (not selectable), titled with their dimension, searchable by all three', () => {
    const tree = qcpTree([
      q(11, '就业质量', 1, '专业标准'),
      q(12, '办学规模', 2, '学校标准 V2', null),
      q(13, '招生与生源', 1, '专业标准', '专业建设'),
    ]);
    expect(tree.map((n) => [n.value, n.title, n.selectable, n.checkable])).toEqual([
      ['system-1', '专业标准', false, false],
      ['system-2', '学校标准 V2', false, false],
    ]);
    expect(tree[0]!.children).toEqual([
      { value: '11', title: '计分卡 / 就业质量', search: '专业标准 计分卡 / 就业质量' },
      { value: '13', title: '专业建设 / 招生与生源', search: '专业标准 专业建设 / 招生与生源' },
    ]);
    expect(tree[1]!.children![0]!.title).toBe('办学规模');
    expect(qcpTree([])).toEqual([]);
  });

  it('labels a linked QCP and turns the form’s values into ids', () => {
    expect(qcpLabel(q(11, '就业质量', 1, '专业标准'))).toBe('专业标准 · 计分卡 / 就业质量');
    expect(qcpLabel(q(11, '就业质量', 1, '专业标准', null))).toBe('专业标准 · 就业质量');
    expect(qcpIds(['11', '13', 'system-1'])).toEqual([11, 13]);
    expect(qcpIds(undefined)).toEqual([]);
  });
});

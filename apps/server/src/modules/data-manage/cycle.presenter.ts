import type { CycleValue } from '@zg/contract';
import type { CycleValueRow } from './cycle.repository';

export const presentCycleValue = (r: { value: CycleValueRow; typeName: string }, usedBy = 0): CycleValue => ({
  id: r.value.id,
  cycleTypeId: r.value.cycleTypeId,
  lxmc: r.typeName,
  cycleNumber: r.value.value,
  defaultsStatus: r.value.isDefault ? 1 : 0,
  hideStatus: r.value.hidden ? 1 : 0,
  px: r.value.sortOrder,
  usedBy,
});

export const presentCycleOption = (v: CycleValueRow) => ({
  cycleId: v.id,
  cycleNumber: v.value,
  defaultsStatus: v.isDefault ? 1 : 0,
});

import { useQuery } from '@tanstack/react-query';
import { ALGORITHM_TEXT as T } from '@zg/contract';
import { Form, Select } from 'antd';
import { useEffect, useState } from 'react';
import { ALGORITHM_KEYS, fetchDimensionTypes } from './algorithm.api';

/** Where the chosen dimension type of an algorithm is remembered (the contract keeps no dimension on it). */
export const dimensionKey = (id: number | 'new') => `zg.algorithm.dimension.${id}`;

/** A new algorithm takes the dimension type chosen while it was new. */
export function keepNewDimensionType(id: number) {
  const dim = localStorage.getItem(dimensionKey('new'));
  if (dim) localStorage.setItem(dimensionKey(id), dim);
}

/** 维度类型: which dimension's objects the test picks from; remembered per algorithm in this browser. */
export function DimensionTypeSelect({ id }: { id: number | 'new' }) {
  const types = useQuery({ queryKey: ALGORITHM_KEYS.dimensionTypes, queryFn: fetchDimensionTypes });
  const [value, setValue] = useDimensionType(id);
  return (
    <Form.Item label={T.dimensionType} tooltip={T.dimensionTypeHint}>
      <Select
        aria-label={T.dimensionType}
        placeholder={T.dimensionTypePlaceholder}
        loading={types.isPending}
        value={value}
        onChange={setValue}
        allowClear
        options={types.data?.map((t) => ({ value: t.id, label: t.wdmc }))}
        notFoundContent={T.noDimensionTypes}
      />
    </Form.Item>
  );
}

const listeners = new Set<() => void>();

/** The dimension type chosen for an algorithm, shared by the select and the test panel. */
export function useDimensionType(id: number | 'new'): [number | undefined, (v: number | undefined) => void] {
  const read = () => {
    const v = Number(localStorage.getItem(dimensionKey(id)));
    return Number.isInteger(v) && v > 0 ? v : undefined;
  };
  const [value, setValue] = useState(read);
  // biome-ignore lint/correctness/useExhaustiveDependencies: read depends on id only.
  useEffect(() => {
    setValue(read());
    const on = () => setValue(read());
    listeners.add(on);
    return () => {
      listeners.delete(on);
    };
  }, [id]);
  return [
    value,
    (v) => {
      if (v === undefined) localStorage.removeItem(dimensionKey(id));
      else localStorage.setItem(dimensionKey(id), String(v));
      for (const l of listeners) l();
    },
  ];
}

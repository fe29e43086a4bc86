import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DIMENSION_TEXT as T } from '@zg/contract';
import { Alert, App, Button, Empty, Input, Select, Space, type TableColumnsType, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { fetchDepartmentOptions } from '../../components/attachments/files.api';
import { ListTable } from '../../components/ListTable';
import {
  DIMENSION_KEYS,
  type DutyByTypeRow,
  type DutyObject,
  fetchDuty,
  fetchDutyByType,
  fetchTypes,
  saveDuty,
} from './dimension.api';
import { dutyChanged, toggled } from './dimension-logic';

/**
 * 部门职责: pick a department, see the objects it answers for, tick objects of a type (those of nobody or of this
 * department) to add or remove them, and save the whole set at once.
 */
export function DutiesPanel() {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [departmentId, setDepartmentId] = useState<string | undefined>();
  const [typeId, setTypeId] = useState<number | undefined>();
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const [chosen, setChosen] = useState<DutyObject[]>([]);

  const departments = useQuery({ queryKey: ['departments', 'all'], queryFn: fetchDepartmentOptions });
  const types = useQuery({ queryKey: DIMENSION_KEYS.types, queryFn: fetchTypes });
  const type = types.data?.find((t) => t.id === typeId) ?? types.data?.[0];
  const duty = useQuery({
    queryKey: DIMENSION_KEYS.duty(departmentId ?? ''),
    queryFn: () => fetchDuty(departmentId!),
    enabled: departmentId !== undefined,
  });
  useEffect(() => {
    setChosen(duty.data?.dxs ?? []);
  }, [duty.data]);

  const query = { wdid: type?.id ?? 0, bmid: departmentId, keyword: keyword || undefined, pageNum: page };
  const objects = useQuery({
    queryKey: DIMENSION_KEYS.dutyByType(query),
    queryFn: () => fetchDutyByType(query),
    enabled: departmentId !== undefined && type !== undefined,
  });

  const save = useMutation({
    mutationFn: () => saveDuty({ bmid: departmentId!, dxids: chosen.map((c) => c.id) }),
    onSuccess: async (data) => {
      message.success(T.saved);
      queryClient.setQueryData(DIMENSION_KEYS.duty(data.bmid), data);
      await queryClient.invalidateQueries({ queryKey: ['dimension', 'dutyByType'] });
    },
  });

  const changed = dutyChanged(duty.data?.dxs ?? [], chosen);
  const chosenIds = chosen.map((c) => c.id);
  const asDuty = (r: DutyByTypeRow): DutyObject => ({
    id: r.id,
    wdid: r.wdid,
    wdmc: r.wdmc,
    dxbm: r.dxbm,
    dxmc: r.dxmc,
  });

  const columns: TableColumnsType<DutyByTypeRow> = [
    { title: T.colCode, dataIndex: 'dxbm', width: 160 },
    { title: T.colName, dataIndex: 'dxmc' },
    { title: T.colDepartment, dataIndex: 'bmmc', width: 200, render: (v: string | null) => v ?? '—' },
  ];

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Space wrap>
        <span id="zg-duty-department">{T.department}</span>
        <Select
          aria-labelledby="zg-duty-department"
          style={{ width: 240 }}
          placeholder={T.pickDepartment}
          loading={departments.isLoading}
          value={departmentId}
          showSearch
          optionFilterProp="label"
          options={departments.data?.map((d) => ({ value: d.departmentId, label: d.departmentName }))}
          onChange={(v: string) => {
            setDepartmentId(v);
            setKeyword('');
            setPage(1);
          }}
        />
        <Button
          type="primary"
          disabled={!departmentId || !changed}
          loading={save.isPending}
          onClick={() => save.mutate()}
        >
          {T.save}
        </Button>
        <Button disabled={!changed} onClick={() => setChosen(duty.data?.dxs ?? [])}>
          {T.reset}
        </Button>
        {changed && <Typography.Text type="warning">{T.unsaved}</Typography.Text>}
      </Space>
      {departmentId === undefined ? (
        <Empty description={T.pickDepartment} />
      ) : (
        <>
          <div>
            <Typography.Text strong>{T.dutyObjects(chosen.length)}</Typography.Text>
            <div style={{ marginTop: 8, maxHeight: 160, overflow: 'auto' }}>
              {chosen.length === 0 ? (
                <Typography.Text type="secondary">{T.dutyNone}</Typography.Text>
              ) : (
                chosen.map((c) => (
                  <Tag key={c.id} closable onClose={() => setChosen(toggled(chosen, [c], false))}>
                    {c.wdmc}：{c.dxmc}
                  </Tag>
                ))
              )}
            </div>
          </div>
          <Alert type="info" showIcon message={T.dutyHint} />
          <Space wrap>
            <span id="zg-duty-type">{T.colType}</span>
            <Select
              aria-labelledby="zg-duty-type"
              style={{ width: 160 }}
              loading={types.isLoading}
              value={type?.id}
              options={types.data?.map((t) => ({ value: t.id, label: t.wdmc }))}
              onChange={(v: number) => {
                setTypeId(v);
                setKeyword('');
                setPage(1);
              }}
            />
            <Input.Search
              key={`${departmentId}-${type?.id}`}
              aria-label={T.searchPlaceholder}
              placeholder={T.searchPlaceholder}
              allowClear
              enterButton={T.search}
              style={{ width: 280 }}
              maxLength={60}
              onSearch={(v) => {
                setKeyword(v.trim());
                setPage(1);
              }}
            />
          </Space>
          <ListTable<DutyByTypeRow>
            rowKey="id"
            size="middle"
            loading={objects.isFetching}
            columns={columns}
            rows={objects.data?.list}
            empty={T.noData}
            rowSelection={{
              selectedRowKeys: chosenIds,
              preserveSelectedRowKeys: true,
              onSelect: (row, selected) => setChosen(toggled(chosen, [asDuty(row)], selected)),
              onSelectAll: (selected, _rows, changedRows) =>
                setChosen(toggled(chosen, changedRows.map(asDuty), selected)),
            }}
            pager={{ current: page, total: objects.data?.total ?? 0, onChange: setPage }}
          />
        </>
      )}
    </Space>
  );
}

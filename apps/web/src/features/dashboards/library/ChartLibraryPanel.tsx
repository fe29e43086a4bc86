import { DASHBOARD_TEXT as D, type PublishedChart, ROLE_NAMES, SHELL_TEXT as T } from '@zg/contract';
import { App, Button, Card, Form, Input, InputNumber, Modal, Popconfirm, Select, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { CloseIcon } from '../../../components/icons';
import { ListTable, pagedRows, SearchBar, useSearchPaging } from '../../../components/ListTable';
import { LoadError } from '../../../components/LoadError';
import { useChartTypes, useLibraryCharts, useLibraryWrites, usePublishableAlgorithms } from './chart-library.api';

const KIND = { chart: '图表算法', detail: '详情算法' } as Record<string, string>;
/** Published charts a page of the keepers' list. */
const PAGE_SIZE = 10;
interface PublishValues {
  mc: string;
  lxid: number;
  sfid: number;
  lw: 1 | 2 | 3;
  roles: string[];
  sm?: string;
}

/**
 * 图表库 (ybplx, ybp) for the algorithm keepers: chart types, and chart or detail algorithms published as charts
 * that users subscribe on their dashboards and keepers place on data screens (open to chosen roles, or to all).
 */
export function ChartLibraryPanel() {
  const { message } = App.useApp();
  const types = useChartTypes();
  const paging = useSearchPaging();
  const charts = useLibraryCharts(paging.page, PAGE_SIZE, paging.keyword);
  const writes = useLibraryWrites();
  const [publishing, setPublishing] = useState(false);
  const [typeName, setTypeName] = useState('');
  const algorithms = usePublishableAlgorithms(publishing);
  const [form] = Form.useForm<PublishValues>();
  const fail = (e: Error) => void message.error(e.message);

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card title={<h2 className="zg-card-title">图表分类</h2>} variant="borderless">
        {types.error && <LoadError error={types.error} onRetry={() => void types.refetch()} />}
        <Space wrap>
          {(types.data ?? []).map((t) => (
            <span key={t.id} className="zg-chart-type">
              <Tag>{t.lxmc}</Tag>
              <Popconfirm
                title={`删除分类“${t.lxmc}”？`}
                okText={T.confirm}
                cancelText={T.cancel}
                onConfirm={() =>
                  writes.removeType.mutate(t.id, { onSuccess: () => message.success('已删除'), onError: fail })
                }
              >
                <Button type="text" size="small" aria-label={`删除分类：${t.lxmc}`} icon={<CloseIcon />} />
              </Popconfirm>
            </span>
          ))}
          <Input
            aria-label="新分类名称"
            placeholder="新分类名称"
            maxLength={60}
            value={typeName}
            onChange={(e) => setTypeName(e.target.value)}
            style={{ width: 180 }}
          />
          <Button
            disabled={!typeName.trim()}
            loading={writes.addType.isPending}
            onClick={() =>
              writes.addType.mutate(
                { lxmc: typeName.trim(), px: (types.data?.length ?? 0) + 1 },
                {
                  onSuccess: () => {
                    setTypeName('');
                    void message.success('已新增分类');
                  },
                  onError: fail,
                },
              )
            }
          >
            新增分类
          </Button>
        </Space>
      </Card>
      <Card
        title={<h2 className="zg-card-title">已发布的图表</h2>}
        variant="borderless"
        extra={
          <Button type="primary" disabled={!types.data?.length} onClick={() => setPublishing(true)}>
            发布图表
          </Button>
        }
      >
        <SearchBar label="图表名称" onSearch={paging.search} />
        <ListTable<PublishedChart>
          rowKey="id"
          aria-label="已发布的图表"
          {...pagedRows(charts, paging, PAGE_SIZE)}
          empty={paging.keyword ? '没有名称相符的图表' : '尚未发布图表'}
          columns={[
            { title: '图表名称', dataIndex: 'mc', key: 'mc' },
            { title: '分类', dataIndex: 'lxmc', key: 'lxmc' },
            {
              title: '算法',
              key: 'sfmc',
              render: (_, c) => `${c.sfmc}（${KIND[c.sflx] ?? c.sflx} v${c.sfbb ?? '-'}）`,
            },
            { title: D.widthLabel, key: 'lw', render: (_, c) => D.widths[c.lw as 1 | 2 | 3] ?? c.lw },
            {
              title: '开放的角色',
              key: 'roles',
              render: (_, c) =>
                c.roles.length
                  ? c.roles.map((r) => ROLE_NAMES[r as keyof typeof ROLE_NAMES] ?? r).join('、')
                  : '所有用户',
            },
            {
              title: '操作',
              key: 'op',
              render: (_, c) => (
                <Popconfirm
                  title={`下架“${c.mc}”？订阅它的仪表盘卡片将一并移除。`}
                  okText={T.confirm}
                  cancelText={T.cancel}
                  onConfirm={() =>
                    writes.withdraw.mutate(c.id, { onSuccess: () => message.success('已下架'), onError: fail })
                  }
                >
                  <Button type="link" danger size="small" aria-label={`下架：${c.mc}`}>
                    下架
                  </Button>
                </Popconfirm>
              ),
            },
          ]}
        />
      </Card>
      <Modal
        open={publishing}
        title="发布图表"
        okText={T.confirm}
        cancelText={T.cancel}
        confirmLoading={writes.publish.isPending}
        onCancel={() => setPublishing(false)}
        destroyOnHidden
        onOk={async () => {
          const v = await form.validateFields().catch(() => null);
          if (!v) return;
          writes.publish.mutate(v, {
            onSuccess: () => {
              setPublishing(false);
              void message.success('发布成功');
            },
            onError: fail,
          });
        }}
      >
        <Form form={form} layout="vertical" initialValues={{ lw: 1, roles: [] }} preserve={false}>
          <Form.Item name="sfid" label="算法" rules={[{ required: true, message: '请选择图表算法或详情算法' }]}>
            <Select<number>
              showSearch
              optionFilterProp="label"
              loading={algorithms.isPending}
              options={(algorithms.data ?? []).map((a) => ({ value: a.id, label: `${a.sfmc}（${KIND[a.sflx]}）` }))}
              onChange={(id) => {
                const a = algorithms.data?.find((x) => x.id === id);
                if (a && !form.getFieldValue('mc')) form.setFieldsValue({ mc: a.sfmc });
              }}
            />
          </Form.Item>
          <Form.Item
            name="mc"
            label="图表名称"
            rules={[{ required: true, whitespace: true, message: '请输入图表名称' }]}
          >
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item name="lxid" label="分类" rules={[{ required: true, message: '请选择分类' }]}>
            <Select<number> options={(types.data ?? []).map((t) => ({ value: t.id, label: t.lxmc }))} />
          </Form.Item>
          <Form.Item name="lw" label={D.widthLabel}>
            <InputNumber min={1} max={3} />
          </Form.Item>
          <Form.Item name="roles" label="开放的角色（不选为所有用户）">
            <Select mode="multiple" options={Object.entries(ROLE_NAMES).map(([value, label]) => ({ value, label }))} />
          </Form.Item>
          <Form.Item name="sm" label="说明">
            <Input.TextArea maxLength={300} rows={2} />
          </Form.Item>
        </Form>
        <Typography.Text type="secondary">订阅者运行发布时的当前版本；算法更新版本后，新订阅取新版本。</Typography.Text>
      </Modal>
    </Space>
  );
}

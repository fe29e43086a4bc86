import { DASHBOARD_TEXT as D, type DashboardCardKind, type PublishedChart, SHELL_TEXT as T } from '@zg/contract';
import { Form, Input, Modal, Select, Typography } from 'antd';
import { isEmbeddableUrl } from './grid';

export interface AddValues {
  kind: DashboardCardKind;
  ybpid?: number;
  title: string;
  lw: 1 | 2 | 3;
  url?: string;
}

const WIDTHS = [1, 2, 3] as const;
export const SUBSCRIBE_LABEL = '订阅图表';

/** 添加到仪表盘: subscribe a published chart, add a built-in chart or embed a page. */
export function AddCardModal({
  open,
  kinds,
  charts,
  onCancel,
  onAdd,
}: {
  open: boolean;
  kinds: readonly DashboardCardKind[];
  charts: PublishedChart[];
  onCancel: () => void;
  onAdd: (v: AddValues & { chart?: PublishedChart }) => void;
}) {
  const [form] = Form.useForm<AddValues>();
  const kind = Form.useWatch('kind', form);
  const first = kinds[0] ?? 'page';
  const labelOf = (k: DashboardCardKind) => (k === 'chart' ? SUBSCRIBE_LABEL : D.kinds[k]);
  const initial: AddValues = {
    kind: first,
    title: first === 'chart' ? '' : labelOf(first),
    lw: first === 'page' ? 3 : 1,
  };
  return (
    <Modal
      open={open}
      title={D.addTitle}
      okText={T.confirm}
      cancelText={T.cancel}
      onCancel={onCancel}
      onOk={async () => {
        const v = await form.validateFields().catch(() => null);
        if (!v) return;
        const chart = v.kind === 'chart' ? charts.find((c) => c.id === v.ybpid) : undefined;
        onAdd({ ...v, title: v.title.trim() || chart?.mc || labelOf(v.kind), url: v.url?.trim(), chart });
      }}
      destroyOnHidden
      forceRender
    >
      <Form form={form} layout="vertical" initialValues={initial} preserve={false}>
        <Form.Item name="kind" label={D.kindLabel}>
          <Select<DashboardCardKind>
            options={kinds.map((k) => ({ value: k, label: labelOf(k) }))}
            onChange={(k) => form.setFieldsValue({ title: k === 'chart' ? '' : labelOf(k), lw: k === 'page' ? 3 : 1 })}
          />
        </Form.Item>
        {kind === 'chart' && (
          <Form.Item name="ybpid" label="图表" rules={[{ required: true, message: '请选择要订阅的图表' }]}>
            <Select<number>
              showSearch
              optionFilterProp="label"
              placeholder="选择图表"
              notFoundContent={<Typography.Text type="secondary">暂无可订阅的图表</Typography.Text>}
              options={charts.map((c) => ({ value: c.id, label: `${c.lxmc} / ${c.mc}` }))}
              onChange={(id) => {
                const c = charts.find((x) => x.id === id);
                if (c) form.setFieldsValue({ title: c.mc, lw: Math.min(3, Math.max(1, c.lw)) as 1 | 2 | 3 });
              }}
            />
          </Form.Item>
        )}
        <Form.Item
          name="title"
          label={D.titleLabel}
          rules={kind === 'chart' ? [] : [{ required: true, whitespace: true, message: D.titleRequired }]}
        >
          <Input maxLength={100} />
        </Form.Item>
        {kind === 'page' && (
          <Form.Item
            name="url"
            label={D.urlLabel}
            rules={[
              {
                validator: (_r, value: string | undefined) =>
                  value && isEmbeddableUrl(value) ? Promise.resolve() : Promise.reject(new Error(D.urlInvalid)),
              },
            ]}
          >
            <Input placeholder={D.urlPlaceholder} maxLength={2000} />
          </Form.Item>
        )}
        <Form.Item name="lw" label={D.widthLabel}>
          <Select<number> options={WIDTHS.map((w) => ({ value: w, label: D.widths[w] }))} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

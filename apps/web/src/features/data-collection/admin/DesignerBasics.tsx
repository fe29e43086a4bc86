import { COLLECTION_TEXT as C, COLLECTION_LIMITS } from '@zg/contract';
import {
  Button,
  Card,
  Col,
  Form,
  type FormInstance,
  Input,
  Radio,
  Row,
  Select,
  Space,
  Tooltip,
  TreeSelect,
  Typography,
} from 'antd';
import { useDirectoryTree, useLayouts, useReadyTables } from '../data-collection.api';
import { directoryOptions } from '../directory.logic';
import '../data-collection.css';

export interface Basics {
  name: string;
  directoryId: number | undefined;
  tableId: number | undefined;
  tableType: 'fixed' | 'floating';
  tableConfigId: number | null;
  remark: string;
}

/**
 * The form's basics: name, directory, warehouse table, fixed or floating, its layout (a table configuration: choose
 * one, open it, or make one) and a remark.
 */
export function DesignerBasics({
  form: basics,
  initial,
  onChange,
  onSubmit,
  layoutBase,
  creatingLayout,
  onNewLayout,
}: {
  form: FormInstance<Basics>;
  initial: Basics;
  onChange: () => void;
  onSubmit: () => void;
  layoutBase: string;
  creatingLayout: boolean;
  onNewLayout: () => void;
}) {
  const tables = useReadyTables();
  const directories = useDirectoryTree();
  const layouts = useLayouts();
  const tableType = Form.useWatch('tableType', basics) ?? initial.tableType;
  const tableConfigId = Form.useWatch('tableConfigId', basics) ?? null;
  const layoutType = layouts.data?.find((l) => l.id === tableConfigId)?.tableType;
  return (
    <Card size="small" title={C.basics}>
      <Form form={basics} layout="vertical" initialValues={initial} onValuesChange={onChange} onFinish={onSubmit}>
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item
              name="name"
              label={C.formName}
              rules={[{ required: true, whitespace: true, message: C.nameRequired }]}
            >
              <Input maxLength={COLLECTION_LIMITS.nameMax} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item
              name="directoryId"
              label={C.formDirectory}
              rules={[{ required: true, message: C.directoryRequired }]}
            >
              <TreeSelect
                treeDefaultExpandAll
                loading={directories.isLoading}
                treeData={directoryOptions(directories.data ?? [])}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="tableId" label={C.table} rules={[{ required: true, message: C.tableRequired }]}>
              <Select
                placeholder={C.pickTable}
                loading={tables.isLoading}
                showSearch={{ optionFilterProp: 'label' }}
                options={(tables.data ?? []).map((t) => ({ value: t.id, label: `${t.bzwm}（${t.ckmc} · ${t.bm}）` }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="tableType" label={C.tableType}>
              <Radio.Group
                options={(['fixed', 'floating'] as const).map((t) => ({
                  value: t,
                  label: <Tooltip title={C.tableTypeHints[t]}>{C.tableTypes[t]}</Tooltip>,
                }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={16}>
            <Form.Item
              label={C.layout}
              extra={C.layoutHint}
              help={layoutType && layoutType !== tableType ? C.layoutTypeDiffers(C.tableTypes[layoutType]) : undefined}
              validateStatus={layoutType && layoutType !== tableType ? 'warning' : undefined}
            >
              <Space wrap>
                <Form.Item name="tableConfigId" noStyle>
                  <Select
                    aria-label={C.layout}
                    style={{ width: 240 }}
                    loading={layouts.isLoading}
                    options={[
                      { value: null, label: C.noLayout },
                      ...(layouts.data ?? []).map((l) => ({
                        value: l.id,
                        label: `${l.name}（${C.tableTypes[l.tableType]}）`,
                      })),
                    ]}
                  />
                </Form.Item>
                {tableConfigId ? (
                  <Typography.Link href={`${layoutBase}/${tableConfigId}`} target="_blank" rel="noopener">
                    {C.openLayout}
                  </Typography.Link>
                ) : (
                  <Button loading={creatingLayout} onClick={onNewLayout}>
                    {C.createLayout}
                  </Button>
                )}
              </Space>
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="remark" label={C.remark}>
              <Input.TextArea maxLength={COLLECTION_LIMITS.remarkMax} autoSize={{ minRows: 1, maxRows: 4 }} />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Card>
  );
}

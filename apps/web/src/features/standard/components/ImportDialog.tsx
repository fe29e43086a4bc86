import { DIMENSIONS, STANDARD_LIMITS, STANDARD_MSG, type StandardChange, type StandardSystem } from '@zg/contract';
import {
  Alert,
  Button,
  Form,
  Input,
  InputNumber,
  Modal,
  Progress,
  Radio,
  Select,
  Space,
  Typography,
  Upload,
} from 'antd';
import { useEffect, useState } from 'react';
import { errorText } from '../../../api/errors';
import { downloadTemplate, type ImportTarget, importWorkbook, useStandardActions } from '../standard.api';
import { importReport } from '../standard.logic';

interface Values {
  into: 'current' | 'new';
  name?: string;
  dimension?: string;
  startYear?: number;
  endYear?: number;
}

/**
 * 导入: an Excel workbook of the template either replaces the tree of the chosen system or makes a new one. All or
 * nothing: a refused file shows its row-by-row report and nothing is imported.
 */
export function ImportDialog({
  open,
  current,
  canCreate,
  onClose,
  onImported,
}: {
  open: boolean;
  /** Whether the user may create systems (import into a new one). */
  canCreate: boolean;
  /** The chosen system, when the user may edit it (its tree can be replaced). */
  current: StandardSystem | null;
  onClose: () => void;
  onImported: (change: StandardChange) => void;
}) {
  const [form] = Form.useForm<Values>();
  const { refresh } = useStandardActions();
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const into = Form.useWatch('into', form) ?? (current ? 'current' : 'new');
  const year = new Date().getFullYear();

  useEffect(() => {
    if (!open) {
      setFile(null);
      setProgress(null);
      setRefusal(null);
    }
  }, [open]);

  const submit = async (v: Values) => {
    if (!file) {
      setRefusal('请选择要导入的 Excel 文件');
      return;
    }
    const target: ImportTarget =
      v.into === 'current' && current
        ? { systemId: current.id }
        : {
            name: (v.name ?? '').trim(),
            dimension: v.dimension ?? '',
            startYear: v.startYear ?? year,
            endYear: v.endYear ?? year,
          };
    setRefusal(null);
    setProgress(0);
    try {
      const change = await importWorkbook(file, target, (p) => setProgress(Math.max(p, 0)));
      await refresh();
      onImported(change);
    } catch (error) {
      setRefusal(errorText(error, '导入失败'));
    } finally {
      setProgress(null);
    }
  };

  const running = progress !== null;
  const report = refusal ? importReport(refusal) : null;

  return (
    <Modal
      open={open}
      title="导入目标标准"
      width={720}
      okText="导入"
      cancelText="取消"
      confirmLoading={running}
      onOk={() => form.submit()}
      onCancel={onClose}
      mask={{ closable: !running }}
      destroyOnHidden
    >
      <Form<Values>
        name="standard-import"
        form={form}
        layout="vertical"
        initialValues={{ into: current ? 'current' : 'new', startYear: year, endYear: year + 2 }}
        onFinish={(v) => void submit(v)}
      >
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title="请按模板填写（模板的“说明”页解释每一列）；文件中有任何错误时全部不导入，并逐行列出错误。"
          action={
            <Button size="small" onClick={() => void downloadTemplate().catch(() => undefined)}>
              下载模板
            </Button>
          }
        />
        <Form.Item name="into" label="导入到">
          <Radio.Group
            options={[
              {
                value: 'current',
                label: current ? `替换“${current.name}”的目录` : '替换当前目标标准的目录',
                disabled: !current,
              },
              { value: 'new', label: '新建目标标准', disabled: !canCreate },
            ]}
          />
        </Form.Item>
        {into === 'new' && (
          <Space wrap size="middle" align="start">
            <Form.Item
              name="name"
              label="名称"
              rules={[{ required: true, whitespace: true, message: STANDARD_MSG.nameRequired }]}
            >
              <Input maxLength={STANDARD_LIMITS.nameMax} style={{ width: 260 }} />
            </Form.Item>
            <Form.Item
              name="dimension"
              label="维度"
              rules={[{ required: true, message: STANDARD_MSG.dimensionRequired }]}
            >
              <Select
                style={{ width: 120 }}
                placeholder="请选择"
                options={DIMENSIONS.map((d) => ({ value: d.code, label: d.name }))}
              />
            </Form.Item>
            <Form.Item name="startYear" label="起始年度" rules={[{ required: true, message: '请输入起始年度' }]}>
              <InputNumber min={1900} max={2200} precision={0} />
            </Form.Item>
            <Form.Item name="endYear" label="结束年度" rules={[{ required: true, message: '请输入结束年度' }]}>
              <InputNumber min={1900} max={2200} precision={0} />
            </Form.Item>
          </Space>
        )}
        <Form.Item label="文件" required>
          <Space wrap>
            <Upload
              accept=".xlsx"
              showUploadList={false}
              disabled={running}
              beforeUpload={(f) => {
                setFile(f);
                setRefusal(null);
                return false;
              }}
            >
              <Button disabled={running}>选择文件</Button>
            </Upload>
            <Typography.Text type={file ? undefined : 'secondary'}>
              {file ? file.name : '未选择文件（.xlsx）'}
            </Typography.Text>
          </Space>
        </Form.Item>
      </Form>
      {running && <Progress percent={progress ?? 0} aria-label="上传进度" />}
      {report && (
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Alert type="error" showIcon title={report.summary} />
          {report.lines.length > 0 && (
            <ul
              aria-label="导入错误报告"
              className="zg-standard-import-report"
              style={{ maxHeight: 280, overflow: 'auto', margin: 0, paddingLeft: 20 }}
            >
              {report.lines.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          )}
        </Space>
      )}
    </Modal>
  );
}

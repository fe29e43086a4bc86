import {
  DIMENSIONS,
  STANDARD_LIMITS,
  STANDARD_MSG,
  type StandardChange,
  type StandardSystem,
  STANDARD_TEXT as T,
} from '@zg/contract';
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
      setRefusal(T.chooseFile);
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
      setRefusal(errorText(error, T.importFailed));
    } finally {
      setProgress(null);
    }
  };

  const running = progress !== null;
  const report = refusal ? importReport(refusal) : null;

  return (
    <Modal
      open={open}
      title={T.importTitle}
      width={720}
      okText={T.import}
      cancelText={T.cancel}
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
          title={T.importHint}
          action={
            <Button size="small" onClick={() => void downloadTemplate().catch(() => undefined)}>
              {T.downloadTemplate}
            </Button>
          }
        />
        <Form.Item name="into" label={T.importInto}>
          <Radio.Group
            options={[
              {
                value: 'current',
                label: current ? T.replaceCatalogOf(current.name) : T.replaceCurrent,
                disabled: !current,
              },
              { value: 'new', label: T.createSystem, disabled: !canCreate },
            ]}
          />
        </Form.Item>
        {into === 'new' && (
          <Space wrap size="middle" align="start">
            <Form.Item
              name="name"
              label={T.name}
              rules={[{ required: true, whitespace: true, message: STANDARD_MSG.nameRequired }]}
            >
              <Input maxLength={STANDARD_LIMITS.nameMax} style={{ width: 260 }} />
            </Form.Item>
            <Form.Item
              name="dimension"
              label={T.dimension}
              rules={[{ required: true, message: STANDARD_MSG.dimensionRequired }]}
            >
              <Select
                style={{ width: 120 }}
                placeholder={T.pleaseChoose}
                options={DIMENSIONS.map((d) => ({ value: d.code, label: d.name }))}
              />
            </Form.Item>
            <Form.Item name="startYear" label={T.startYear} rules={[{ required: true, message: T.startYearRequired }]}>
              <InputNumber min={1900} max={2200} precision={0} />
            </Form.Item>
            <Form.Item name="endYear" label={T.endYear} rules={[{ required: true, message: T.endYearRequired }]}>
              <InputNumber min={1900} max={2200} precision={0} />
            </Form.Item>
          </Space>
        )}
        <Form.Item label={T.file} required>
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
              <Button disabled={running}>{T.pickFile}</Button>
            </Upload>
            <Typography.Text type={file ? undefined : 'secondary'}>{file ? file.name : T.noFile}</Typography.Text>
          </Space>
        </Form.Item>
      </Form>
      {running && <Progress percent={progress ?? 0} aria-label={T.uploadProgress} />}
      {report && (
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Alert type="error" showIcon title={report.summary} />
          {report.lines.length > 0 && (
            <ul
              aria-label={T.importReport}
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

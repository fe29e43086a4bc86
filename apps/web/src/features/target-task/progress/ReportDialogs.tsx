import {
  LIMITS,
  type Period,
  PROGRESS_MSG,
  REPORT_KIND,
  type Report,
  type ReportAuditResult,
  type ReportKind,
  PROGRESS_TEXT as T,
} from '@zg/contract';
import { Button, DatePicker, Form, Input, InputNumber, Radio, Select, Space, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { FormDialog } from '../../../components/FormDialog';
import { FileUpload } from '../../../components/upload/FileUpload';
import type { UploadedFile } from '../../../components/upload/upload-file';
import { useAuditDelay, useAuditReport, useRequestDelay, useReviseReport, useSubmitReport } from './progress.api';
import { auditNeedsReason, reportablePeriods, suggestedPeriod } from './schedule';

/** A reason is needed when `needed` says so (read from the form at validation time, not at the last render). */
function reasonRule(needed: (get: (name: string) => unknown) => boolean) {
  return ({ getFieldValue }: { getFieldValue: (name: string) => unknown }) => ({
    validator: (_rule: unknown, value: unknown) =>
      needed(getFieldValue) && !(typeof value === 'string' && value.trim())
        ? Promise.reject(new Error(PROGRESS_MSG.reasonRequired))
        : Promise.resolve(),
  });
}

interface ReportFormValues {
  periodKey?: string;
  content: string;
  progress?: number;
}

/** Submit (or revise) a process or final report: text, progress and attachments (process / final-result documents). */
export function ReportDialog({
  open,
  onClose,
  taskId,
  kind,
  periods,
  periodKey,
  editing,
}: {
  open: boolean;
  onClose: () => void;
  taskId: number;
  kind: ReportKind;
  periods: Period[];
  /** Pre-selects a period (resubmitting after a rejection). */
  periodKey?: string;
  /** A report under review being revised by its submitter. */
  editing?: Report;
}) {
  const [form] = Form.useForm<ReportFormValues>();
  const [files, setFiles] = useState<UploadedFile[]>([]);
  const submit = useSubmitReport();
  const revise = useReviseReport();
  const options = reportablePeriods(periods).map((p) => ({ value: p.key, label: p.label }));
  const title = editing ? `${T.edit}${REPORT_KIND[editing.kind]}` : kind === 'final' ? T.submitFinal : T.submitProcess;

  const finish = async (values: ReportFormValues) => {
    const fileIds = files.map((f) => f.fileId);
    if (editing) {
      await revise.mutateAsync({
        id: editing.id,
        version: editing.version,
        content: values.content,
        progress: values.progress,
        fileIds,
      });
    } else {
      await submit.mutateAsync({
        taskId,
        kind,
        periodKey: kind === 'final' ? 'final' : (values.periodKey ?? ''),
        content: values.content,
        progress: values.progress,
        fileIds,
      });
    }
  };

  return (
    <FormDialog
      open={open}
      title={title}
      width={640}
      form={form}
      pending={submit.isPending || revise.isPending}
      onClose={onClose}
      onSubmit={finish}
      success={editing ? PROGRESS_MSG.updated : PROGRESS_MSG.submitted}
      afterClose={() => setFiles([])}
      initialValues={{
        periodKey: periodKey ?? suggestedPeriod(periods),
        content: editing?.content ?? '',
        progress: editing?.progress ?? undefined,
      }}
    >
      {kind === 'process' && !editing && (
        <Form.Item name="periodKey" label={T.period} rules={[{ required: true, message: T.choosePeriod }]}>
          <Select options={options} placeholder={T.select} />
        </Form.Item>
      )}
      <Form.Item
        name="content"
        label={T.content}
        rules={[{ required: true, whitespace: true, message: T.enterContent }]}
      >
        <Input.TextArea rows={4} maxLength={LIMITS.maxLength.longContent} showCount placeholder={T.input} />
      </Form.Item>
      <Form.Item name="progress" label={T.progress}>
        <InputNumber min={0} max={100} precision={0} style={{ width: 160 }} />
      </Form.Item>
      <Form.Item label={T.attachments}>
        <FileUpload existingCount={files.length} onUploaded={(f) => setFiles((list) => [...list, f])} />
        <Space orientation="vertical" style={{ marginTop: 8 }}>
          {files.map((f) => (
            <Space key={f.fileId} data-testid="report-file">
              <Typography.Text>{f.fileName}</Typography.Text>
              <Button
                size="small"
                type="link"
                onClick={() => setFiles((list) => list.filter((x) => x.fileId !== f.fileId))}
              >
                {T.delete}
              </Button>
            </Space>
          ))}
        </Space>
      </Form.Item>
    </FormDialog>
  );
}

/** The auditor's decision on a report: pass, partly pass, or reject with a reason. */
export function AuditDialog({ report, onClose }: { report: Report | null; onClose: () => void }) {
  const [form] = Form.useForm<{ result: ReportAuditResult; reason?: string }>();
  const result = Form.useWatch('result', form);
  const audit = useAuditReport();
  return (
    <FormDialog
      open={report !== null}
      title={T.auditTitle}
      form={form}
      pending={audit.isPending}
      onClose={onClose}
      onSubmit={(v) =>
        report
          ? audit.mutateAsync({ id: report.id, version: report.version, result: v.result, reason: v.reason })
          : Promise.resolve()
      }
      success={PROGRESS_MSG.audited}
      initialValues={{ result: 'pass' }}
    >
      {report && (
        <>
          <Typography.Paragraph className="zg-report-quote">{report.content}</Typography.Paragraph>
          <Form.Item name="result" label={T.auditResult}>
            <Radio.Group
              options={[
                { value: 'pass', label: T.pass },
                { value: 'childPass', label: T.childPass },
                { value: 'reject', label: T.reject },
              ]}
            />
          </Form.Item>
          <Form.Item
            name="reason"
            label={T.reason}
            required={auditNeedsReason(result ?? 'pass')}
            rules={[reasonRule((get) => auditNeedsReason(String(get('result'))))]}
          >
            <Input.TextArea rows={3} maxLength={LIMITS.maxLength.audit} showCount placeholder={T.input} />
          </Form.Item>
        </>
      )}
    </FormDialog>
  );
}

/** The owner asks for a later end date. */
export function DelayDialog({
  open,
  onClose,
  taskId,
  endDate,
}: {
  open: boolean;
  onClose: () => void;
  taskId: number;
  endDate: string;
}) {
  const [form] = Form.useForm<{ newEndDate: Dayjs; reason: string }>();
  const request = useRequestDelay();
  return (
    <FormDialog
      open={open}
      title={T.requestDelay}
      form={form}
      pending={request.isPending}
      onClose={onClose}
      onSubmit={(v) => request.mutateAsync({ taskId, newEndDate: v.newEndDate.format('YYYY-MM-DD'), reason: v.reason })}
      success={PROGRESS_MSG.submitted}
    >
      <Typography.Paragraph type="secondary">{T.oldEndDate(endDate)}</Typography.Paragraph>
      <Form.Item name="newEndDate" label={T.newEndDate} rules={[{ required: true, message: T.chooseNewEnd }]}>
        <DatePicker disabledDate={(d) => !d.isAfter(dayjs(endDate), 'day')} style={{ width: 200 }} />
      </Form.Item>
      <Form.Item
        name="reason"
        label={T.delayReason}
        rules={[{ required: true, whitespace: true, message: T.enterDelayReason }]}
      >
        <Input.TextArea rows={3} maxLength={LIMITS.maxLength.audit} showCount placeholder={T.input} />
      </Form.Item>
    </FormDialog>
  );
}

/** The auditor agrees to or rejects a delay request (a rejection needs a reason). */
export function DelayAuditDialog({ delayId, onClose }: { delayId: number | null; onClose: () => void }) {
  const [form] = Form.useForm<{ pass: boolean; reason?: string }>();
  const pass = Form.useWatch('pass', form);
  const audit = useAuditDelay();
  return (
    <FormDialog
      open={delayId !== null}
      title={T.auditDelay}
      form={form}
      pending={audit.isPending}
      onClose={onClose}
      onSubmit={(v) =>
        delayId !== null ? audit.mutateAsync({ id: delayId, pass: v.pass, reason: v.reason }) : Promise.resolve()
      }
      success={PROGRESS_MSG.audited}
      initialValues={{ pass: true }}
    >
      <Form.Item name="pass" label={T.auditResult}>
        <Radio.Group
          options={[
            { value: true, label: T.agree },
            { value: false, label: T.reject },
          ]}
        />
      </Form.Item>
      <Form.Item
        name="reason"
        label={T.auditReason}
        required={pass === false}
        rules={[reasonRule((get) => get('pass') === false)]}
      >
        <Input.TextArea rows={3} maxLength={LIMITS.maxLength.audit} showCount placeholder={T.input} />
      </Form.Item>
    </FormDialog>
  );
}

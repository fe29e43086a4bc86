import {
  SELF_REPORT_MSG as M,
  REVIEW_RESULT_NAMES,
  REVIEW_RESULTS,
  type ReviewResult,
  SELF_REPORT_EXPLAIN_MAX,
  type SelfReportDetail,
  type SelfReportEntry,
  SELF_REPORT_TEXT as T,
} from '@zg/contract';
import { App, Button, Checkbox, Form, Input, InputNumber, Select, Space } from 'antd';
import { useState } from 'react';
import { toastFailure } from '../../api/feedback';
import { FormDialog } from '../../components/FormDialog';
import { useSelfReportActions } from './self-report.api';

interface ReviewValues {
  fhjg: ReviewResult;
  score: number;
  isChecked: boolean;
  opinion?: string;
}

/** 编写说明 of one overview entry: the explanation and whether it is in the report (the writer, while editable). */
export function ExplainButton({ bgid, entry }: { bgid: number; entry: SelfReportEntry }) {
  const actions = useSelfReportActions();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<{ nr: string; isChecked: boolean }>();
  return (
    <>
      <Button type="link" size="small" onClick={() => setOpen(true)}>
        {T.explain}
      </Button>
      <FormDialog<{ nr: string; isChecked: boolean }>
        open={open}
        title={T.explainTitle(entry.name)}
        form={form}
        pending={actions.explain.isPending}
        onClose={() => setOpen(false)}
        success={M.explained}
        initialValues={{ nr: entry.nr, isChecked: entry.isChecked }}
        onSubmit={(v) => actions.explain.mutateAsync({ bgid, id: entry.id, nr: v.nr ?? '', isChecked: v.isChecked })}
      >
        <Form.Item name="nr" label={T.explanation}>
          <Input.TextArea rows={6} maxLength={SELF_REPORT_EXPLAIN_MAX} showCount />
        </Form.Item>
        <Form.Item name="isChecked" valuePropName="checked">
          <Checkbox>{T.included}</Checkbox>
        </Form.Item>
      </FormDialog>
    </>
  );
}

/** The report's actions its abilities allow: submit, the expert's or the school's review, reject with a reason. */
export function ReportActions({ report }: { report: SelfReportDetail }) {
  const { modal, message } = App.useApp();
  const actions = useSelfReportActions();
  const [reviewing, setReviewing] = useState<'expert' | 'school' | null>(null);
  const [rejecting, setRejecting] = useState(false);
  const [reviewForm] = Form.useForm<ReviewValues>();
  const [rejectForm] = Form.useForm<{ reason: string }>();
  const a = report.abilities;
  const review = reviewing === 'school' ? actions.schoolReview : actions.expertReview;
  const submit = () =>
    modal.confirm({
      title: T.submitTitle,
      content: T.submitContent,
      okText: T.submit,
      cancelText: T.cancel,
      onOk: () =>
        actions.submit
          .mutateAsync(report.id)
          .then(() => message.success(M.submitted))
          .catch((e) => toastFailure(message, e)),
    });
  return (
    <Space wrap className="zg-self-report__actions">
      {a.submit && (
        <Button type="primary" onClick={submit}>
          {T.submit}
        </Button>
      )}
      {a.expertReview && (
        <Button type="primary" onClick={() => setReviewing('expert')}>
          {T.expertReview}
        </Button>
      )}
      {a.schoolReview && (
        <Button type="primary" onClick={() => setReviewing('school')}>
          {T.schoolReview}
        </Button>
      )}
      {a.reject && (
        <Button danger onClick={() => setRejecting(true)}>
          {T.reject}
        </Button>
      )}
      <FormDialog<ReviewValues>
        open={reviewing !== null}
        title={reviewing === 'school' ? T.schoolReview : T.expertReview}
        form={reviewForm}
        pending={review.isPending}
        onClose={() => setReviewing(null)}
        success={M.reviewed}
        initialValues={{ isChecked: true }}
        onSubmit={(v) =>
          review.mutateAsync({
            bgid: report.id,
            fhjg: v.fhjg,
            score: v.score,
            isChecked: v.isChecked,
            opinion: v.opinion,
          })
        }
      >
        <Form.Item name="fhjg" label={T.result} rules={[{ required: true, message: M.resultInvalid }]}>
          <Select options={REVIEW_RESULTS.map((r) => ({ value: r, label: REVIEW_RESULT_NAMES[r] }))} />
        </Form.Item>
        <Form.Item name="score" label={T.scoreLabel} rules={[{ required: true, message: M.scoreInvalid }]}>
          <InputNumber min={0} max={100} precision={2} step={0.5} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="isChecked" valuePropName="checked">
          <Checkbox>{T.showScore}</Checkbox>
        </Form.Item>
        <Form.Item name="opinion" label={T.opinionLabel}>
          <Input.TextArea rows={4} maxLength={2000} showCount />
        </Form.Item>
      </FormDialog>
      <FormDialog<{ reason: string }>
        open={rejecting}
        title={T.rejectTitle}
        form={rejectForm}
        pending={actions.reject.isPending}
        onClose={() => setRejecting(false)}
        success={M.rejected}
        onSubmit={(v) => actions.reject.mutateAsync({ bgid: report.id, reason: v.reason })}
      >
        <Form.Item
          name="reason"
          label={T.rejectReason}
          rules={[{ required: true, whitespace: true, message: M.rejectReasonRequired }]}
        >
          <Input.TextArea rows={4} maxLength={500} showCount />
        </Form.Item>
      </FormDialog>
    </Space>
  );
}

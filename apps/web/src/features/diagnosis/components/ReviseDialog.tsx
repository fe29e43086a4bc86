import { DIAGNOSIS_LIMITS, DIAGNOSIS_MSG as M, type QualityRow, DIAGNOSIS_TEXT as T } from '@zg/contract';
import { Descriptions, Form, Input, Typography } from 'antd';
import { FormDialog } from '../../../components/FormDialog';
import { useDiagnosisActions } from '../diagnosis.api';
import { revisionProblem, shownResult, shownTarget, valueText } from '../diagnosis.logic';
import { TargetInput } from './TargetInput';

export type RevisionKind = 'xzmbz' | 'xzjgz';
export interface Revising {
  row: QualityRow;
  kind: RevisionKind;
}

interface Values {
  value: string | null;
  reason: string;
}

/**
 * 修正目标值 / 修正结果值 of a row (updatexzmbz / updateupjgz): the revised value typed by the row's value type, and
 * the reason (required, at most 500 characters), both checked here in the server's words before sending; the
 * revision then waits for the auditor. A refusal (a revision already waiting, a target below the standard) is shown
 * and what was typed is kept.
 */
export function ReviseDialog({ revising, onClose }: { revising: Revising | null; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const actions = useDiagnosisActions();
  const row = revising?.row;
  const target = revising?.kind === 'xzmbz';
  const what = target ? T.reviseTarget : T.reviseResult;
  const action = target ? actions.reviseTarget : actions.reviseResult;
  const current = row ? (target ? shownTarget(row) : shownResult(row)) : null;

  return (
    <FormDialog<Values>
      open={revising !== null}
      title={row ? T.reviseTitle(what, row.zkdmc) : what}
      form={form}
      pending={action.isPending}
      onClose={onClose}
      success={T.revisionSubmitted}
      onSubmit={(v) => action.mutateAsync({ id: row?.id ?? 0, value: (v.value ?? '').trim(), reason: v.reason.trim() })}
    >
      {row && (
        <>
          <Descriptions size="small" column={2} style={{ marginBottom: 16 }}>
            <Descriptions.Item label={T.standardValue}>{valueText(row.zlx, row.bzz)}</Descriptions.Item>
            <Descriptions.Item label={T.reviseCurrent(target ? T.target : T.result)}>
              {valueText(row.zlx, current)}
            </Descriptions.Item>
          </Descriptions>
          <Form.Item
            name="value"
            label={what}
            required
            rules={[
              {
                validator: (_, v?: string | null) => {
                  const problem = revisionProblem(row, v, what);
                  return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
                },
              },
            ]}
          >
            <ValueField row={row} label={what} />
          </Form.Item>
          <Form.Item
            name="reason"
            label={T.reviseReason}
            rules={[{ required: true, whitespace: true, message: M.reasonRequired }]}
          >
            <Input.TextArea rows={4} maxLength={DIAGNOSIS_LIMITS.textMax} showCount aria-label={T.reviseReason} />
          </Form.Item>
          <Typography.Text type="secondary">{T.reviseNote}</Typography.Text>
        </>
      )}
    </FormDialog>
  );
}

/** The value field as a form control (value / onChange given by Form.Item). */
function ValueField({
  row,
  label,
  value,
  onChange,
}: {
  row: QualityRow;
  label: string;
  value?: string | null;
  onChange?: (v: string | null) => void;
}) {
  return <TargetInput row={row} label={label} value={value ?? null} onChange={(v) => onChange?.(v)} />;
}

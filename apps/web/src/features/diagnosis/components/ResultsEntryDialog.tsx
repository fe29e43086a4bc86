import { type QualityRow, DIAGNOSIS_TEXT as T, VALUE_TYPE_NAMES } from '@zg/contract';
import { Alert, App, Modal, Tooltip } from 'antd';
import { useState } from 'react';
import { toastFailure } from '../../../api/feedback';
import { ListTable } from '../../../components/ListTable';
import { useDiagnosisActions } from '../diagnosis.api';
import { changedResults, draftsProblem, manualRows, valueProblem, valueText } from '../diagnosis.logic';
import { TargetInput } from './TargetInput';

/**
 * 填报结果值: the person in charge enters the results of the rows computed by no algorithm (手工填报), each by its
 * value type (% suffix, 无(0)/有(1), 否(0)/是(1), the level list). Only changed rows are sent; an emptied field
 * withdraws the result. A problem is said beside the field and before sending; the server checks again.
 */
export function ResultsEntryDialog({
  dxrwid,
  rows,
  open,
  onClose,
}: {
  dxrwid: number;
  rows: readonly QualityRow[];
  open: boolean;
  onClose: () => void;
}) {
  const { message } = App.useApp();
  const actions = useDiagnosisActions();
  const [drafts, setDrafts] = useState<Record<number, string | null>>({});
  const manual = manualRows(rows);

  const save = async () => {
    const problem = draftsProblem(manual, drafts, T.result);
    if (problem) {
      message.error(problem);
      return;
    }
    const list = changedResults(manual, drafts);
    if (!list.length) {
      message.info(T.nothingChanged);
      return;
    }
    try {
      await actions.enterResults.mutateAsync({ dxrwid, list });
      message.success(T.resultsSaved(list.length));
      onClose();
    } catch (e) {
      toastFailure(message, e);
    }
  };

  return (
    <Modal
      open={open}
      title={T.enterResultsTitle}
      width={720}
      okText={T.confirm}
      cancelText={T.cancel}
      confirmLoading={actions.enterResults.isPending}
      onOk={() => void save()}
      onCancel={onClose}
      afterClose={() => setDrafts({})}
      destroyOnHidden
    >
      <Alert type="info" showIcon title={T.enterResultsNote} style={{ marginBottom: 12 }} />
      <ListTable<QualityRow>
        rows={manual}
        empty={T.noManualRows}
        pager={false}
        size="small"
        scroll={{ y: 420 }}
        columns={[
          { title: T.rowName, dataIndex: 'zkdmc' },
          { title: T.valueType, width: 90, render: (_, r) => VALUE_TYPE_NAMES[r.zlx] },
          { title: T.standardValue, width: 90, render: (_, r) => valueText(r.zlx, r.bzz) },
          {
            title: T.result,
            width: 160,
            render: (_, r) => {
              const value = r.id in drafts ? (drafts[r.id] ?? null) : r.jgz;
              const problem = valueProblem(r, value, T.result);
              return (
                <Tooltip title={problem} open={problem ? undefined : false}>
                  <span>
                    <TargetInput
                      row={r}
                      label={T.result}
                      value={value}
                      invalid={!!problem}
                      onChange={(v) => setDrafts((d) => ({ ...d, [r.id]: v }))}
                    />
                  </span>
                </Tooltip>
              );
            },
          },
        ]}
      />
    </Modal>
  );
}

import { DATA_COLLECTION_API as API, EXCEL_MSG, FILL_TEXT as F, FILL_STATE_NAMES, type FillState } from '@zg/contract';
import {
  Alert,
  Button,
  Descriptions,
  Empty,
  Form,
  Input,
  Modal,
  Space,
  Spin,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { call, downloadFrom, uploadTo } from '../../../api/endpoint';
import { ApiError } from '../../../api/errors';
import { RecordHistoryButton } from '../../../components/history/RecordHistory';
import { ListTable } from '../../../components/ListTable';
import { ImportDialog } from '../../../components/upload/SingleFileModal';
import { type FillScope, useFillActions, useFillRows, useFillTask, useOptions } from '../fill.api';
import {
  blankRow,
  checkGrid,
  type GridRow,
  type ImportProblemRow,
  importReport,
  rowsToSave,
  serverCellProblem,
  stateColor,
  toGrid,
} from '../fill.logic';
import { FillGrid } from './FillGrid';

/** How long after the last edit the draft is saved. */
export const AUTOSAVE_MS = 800;

type SaveState = { kind: 'idle' | 'saving' | 'saved' | 'dirty' } | { kind: 'failed'; message: string };

const reportColumns: TableColumnsType<ImportProblemRow> = [
  { title: F.reportRow, dataIndex: 'row', width: 90, render: (r: number | null) => (r ? F.rowNumber(r) : '—') },
  { title: F.reportColumn, dataIndex: 'column', width: 140, render: (c: string) => c || F.wholeRow },
  { title: F.reportReason, dataIndex: 'reason' },
  { title: F.reportValue, dataIndex: 'value', width: 140, ellipsis: true, render: (v: string | null) => v ?? '—' },
];

/**
 * One fill task opened: its rows in the filling grid. Its filler (scope mine, while it may be filled) edits them, each
 * cell checked as typed and the draft saved shortly after the last edit; imports a filled template; commits or
 * withdraws. Its auditor (scope audit) reads the rows and passes, rejects with a reason, or rolls a finished one back.
 */
export function FillTaskView({ id, scope, base }: { id: number; scope: FillScope; base: string }) {
  const navigate = useNavigate();
  const { refresh, fail, message, modal } = useFillActions();
  const task = useFillTask(scope, id);
  const data = useFillRows(id);
  const fields = data.data?.fields ?? [];
  const typeIds = useMemo(
    () => [...new Set(fields.flatMap((f) => (f.constantTypeId ? [f.constantTypeId] : [])))],
    [fields],
  );
  const { options } = useOptions(typeIds);
  const [rows, setRows] = useState<GridRow[] | null>(null);
  const [serverProblem, setServerProblem] = useState<{ key: string; rule: string } | null>(null);
  const [save, setSave] = useState<SaveState>({ kind: 'idle' });
  const [importOpen, setImportOpen] = useState(false);
  const [report, setReport] = useState<ReturnType<typeof importReport> | null>(null);
  const [reason, setReason] = useState<{ action: 'reject' | 'rollback' } | null>(null);
  const [busy, setBusy] = useState(false);
  const edits = useRef(0);

  const fill = task.data;
  const floating = data.data?.tableType !== 'fixed';
  const editable = scope === 'mine' && !!fill?.abilities.save;

  // The server's rows become the grid once (and again after an import or a reload).
  useEffect(() => {
    if (data.data && rows === null) {
      const grid = toGrid(data.data.fields, data.data.rows);
      setRows(grid.length || !editable ? grid : [blankRow(data.data.fields)]);
    }
  }, [data.data, rows, editable]);

  const problems = useMemo(() => {
    const found = rows && editable ? checkGrid(fields, rows, options) : new Map<string, string>();
    if (serverProblem && !found.has(serverProblem.key)) found.set(serverProblem.key, serverProblem.rule);
    return found;
  }, [rows, fields, options, serverProblem, editable]);

  const saveNow = useCallback(
    async (grid: GridRow[]) => {
      const at = edits.current;
      const sent = rowsToSave(grid);
      setSave({ kind: 'saving' });
      try {
        await call(API.dataSave, { body: { fillTaskId: id, rows: sent.rows } }, { quiet: true });
        if (edits.current === at) setSave({ kind: 'saved' });
        return true;
      } catch (error) {
        if (error instanceof ApiError) error.handled = true;
        const text = error instanceof Error ? error.message : F.saveFailed;
        const onCell = serverCellProblem(text, fields, sent.index);
        setServerProblem(onCell);
        setSave({ kind: 'failed', message: text });
        return false;
      }
    },
    [id, fields],
  );

  const change = (next: GridRow[]) => {
    edits.current++;
    setServerProblem(null);
    setRows(next);
    setSave({ kind: 'dirty' });
  };

  // The draft is saved shortly after the last edit, when no cell breaks a rule.
  useEffect(() => {
    if (save.kind !== 'dirty' || !rows || problems.size > 0) return;
    const timer = setTimeout(() => void saveNow(rows), AUTOSAVE_MS);
    return () => clearTimeout(timer);
  }, [save.kind, rows, problems.size, saveNow]);

  if (task.isLoading || data.isLoading || (data.data && rows === null))
    return <Spin style={{ display: 'block', padding: 48 }} />;
  if (!fill || !data.data || !rows)
    return (
      <Empty description="填报任务不存在或已被删除">
        <Button onClick={() => navigate(base)}>{F.back}</Button>
      </Empty>
    );

  const reload = async () => {
    setRows(null);
    setServerProblem(null);
    setSave({ kind: 'idle' });
    await refresh();
  };

  const act = async (run: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await run();
      message.success(done);
      await refresh();
    } catch (error) {
      fail(error);
    } finally {
      setBusy(false);
    }
  };

  const commit = async () => {
    if (problems.size > 0) {
      message.warning(F.fixFirst(problems.size));
      return;
    }
    if (save.kind === 'dirty' || save.kind === 'failed') {
      if (!(await saveNow(rows))) return;
    }
    modal.confirm({
      title: F.commit,
      content: F.commitConfirm,
      okText: F.commit,
      cancelText: '取消',
      onOk: () => act(() => call(API.fillTaskCommit, { params: { id } }), F.committed),
    });
  };

  const withdraw = () =>
    modal.confirm({
      title: F.withdraw,
      content: F.withdrawConfirm,
      okText: F.withdraw,
      cancelText: '取消',
      onOk: () => act(() => call(API.fillTaskWithdraw, { params: { id } }), F.withdrawn),
    });

  const pass = () =>
    modal.confirm({
      title: F.pass,
      content: F.passConfirm,
      okText: F.pass,
      cancelText: '取消',
      onOk: () => act(() => call(API.fillTaskAudit, { params: { id }, body: { pass: true } }), F.passed),
    });

  const importFile = async (file: File, onProgress: (p: number) => void) => {
    try {
      const { count } = await uploadTo(
        API.dataImport,
        { query: { fillTaskId: id } },
        { file, quiet: true, onProgress },
      );
      message.success(EXCEL_MSG.imported(count));
      await reload();
    } catch (error) {
      if (error instanceof ApiError && error.reason === 'server') {
        error.handled = true;
        setReport(importReport(error.message));
      } else fail(error);
      throw error;
    }
  };

  const state = fill.state as FillState;
  const saveText =
    save.kind === 'saving'
      ? F.saving
      : save.kind === 'saved'
        ? F.saved
        : save.kind === 'failed'
          ? `${F.saveFailed}：${save.message}`
          : save.kind === 'dirty'
            ? problems.size > 0
              ? F.fixFirst(problems.size)
              : F.unsaved
            : '';

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Space wrap style={{ justifyContent: 'space-between', width: '100%' }}>
        <Space wrap>
          <Button onClick={() => navigate(base)}>{F.back}</Button>
          <Typography.Title level={5} style={{ margin: 0 }}>
            {fill.taskName}
          </Typography.Title>
          <Tag color={stateColor(state)}>{FILL_STATE_NAMES[state]}</Tag>
          <RecordHistoryButton record={{ entityType: 'fillTask', entityId: id }} />
        </Space>
        <Space wrap>
          {editable && (
            <>
              <Button onClick={() => downloadFrom(API.dataTemplate, { query: { fillTaskId: id } }).catch(fail)}>
                {F.template}
              </Button>
              <Button onClick={() => setImportOpen(true)}>{F.import}</Button>
              {floating && <Button onClick={() => change([...rows, blankRow(fields)])}>{F.addRow}</Button>}
            </>
          )}
          {scope === 'mine' && fill.abilities.commit && (
            <Button type="primary" loading={busy || save.kind === 'saving'} onClick={() => void commit()}>
              {F.commit}
            </Button>
          )}
          {scope === 'mine' && fill.abilities.withdraw && (
            <Button loading={busy} onClick={withdraw}>
              {F.withdraw}
            </Button>
          )}
          {scope === 'audit' && fill.abilities.pass && (
            <Button type="primary" loading={busy} onClick={pass}>
              {F.pass}
            </Button>
          )}
          {scope === 'audit' && fill.abilities.reject && (
            <Button danger loading={busy} onClick={() => setReason({ action: 'reject' })}>
              {F.reject}
            </Button>
          )}
          {scope === 'audit' && fill.abilities.rollback && (
            <Button danger loading={busy} onClick={() => setReason({ action: 'rollback' })}>
              {F.rollback}
            </Button>
          )}
        </Space>
      </Space>
      <Descriptions size="small" column={{ xs: 1, sm: 2, md: 4 }}>
        <Descriptions.Item label={F.form}>{fill.formName}</Descriptions.Item>
        <Descriptions.Item label={F.cycle}>{fill.cycle}</Descriptions.Item>
        <Descriptions.Item label={F.assignee}>{fill.assigneeName}</Descriptions.Item>
        <Descriptions.Item label={F.deadline}>{fill.deadline}</Descriptions.Item>
      </Descriptions>
      {fill.opinion && state === 'uncommitted' && (
        <Alert type="warning" showIcon message={F.returnedWith(fill.opinion)} />
      )}
      {scope === 'mine' && state === 'uncommitted' && !editable && (
        <Alert type="info" showIcon message={F.windowClosed} />
      )}
      {editable && <Typography.Text type="secondary">{F.pasteHint}</Typography.Text>}
      {editable && saveText && (
        <Typography.Text type={save.kind === 'failed' || problems.size > 0 ? 'danger' : 'secondary'} role="status">
          {saveText}
        </Typography.Text>
      )}
      <FillGrid
        fields={fields}
        rows={rows}
        onChange={editable ? change : undefined}
        problems={problems}
        options={options}
        floating={floating}
        readOnly={!editable}
        onFail={fail}
        onNotice={(text, kind) => (kind === 'warning' ? message.warning(text) : message.info(text))}
      />
      <ImportDialog
        open={importOpen}
        title={F.importTitle}
        onClose={() => setImportOpen(false)}
        onSubmit={importFile}
        accept={['xlsx']}
      />
      <Modal
        open={report !== null}
        title={F.importFailedTitle}
        width={720}
        onCancel={() => setReport(null)}
        footer={<Button onClick={() => setReport(null)}>{F.close}</Button>}
      >
        <Typography.Paragraph type="danger">{report?.summary}</Typography.Paragraph>
        {report && report.rows.length > 0 && (
          <ListTable
            size="small"
            rowKey="key"
            aria-label={F.importFailedTitle}
            columns={reportColumns}
            rows={report.rows}
            pager="local"
          />
        )}
      </Modal>
      <ReasonDialog
        action={reason?.action ?? null}
        onClose={() => setReason(null)}
        onSubmit={(opinion) =>
          act(
            () =>
              reason?.action === 'rollback'
                ? call(API.fillTaskRollback, { body: { id, opinion } })
                : call(API.fillTaskAudit, { params: { id }, body: { pass: false, opinion } }),
            reason?.action === 'rollback' ? F.rolledBack : F.rejected,
          ).then(() => setReason(null))
        }
      />
    </Space>
  );
}

/** 退回 or 回退: the reason is required (the filler reads it). */
function ReasonDialog({
  action,
  onClose,
  onSubmit,
}: {
  action: 'reject' | 'rollback' | null;
  onClose: () => void;
  onSubmit: (opinion: string) => Promise<void>;
}) {
  const [form] = Form.useForm<{ opinion: string }>();
  const [sending, setSending] = useState(false);
  return (
    <Modal
      open={action !== null}
      title={action === 'rollback' ? F.rollbackTitle : F.rejectTitle}
      okText={action === 'rollback' ? F.rollback : F.reject}
      cancelText="取消"
      okButtonProps={{ danger: true }}
      confirmLoading={sending}
      destroyOnHidden
      onCancel={onClose}
      onOk={async () => {
        const opinion = await form
          .validateFields()
          .then((v) => v.opinion)
          .catch(() => null);
        if (opinion === null) return;
        setSending(true);
        try {
          await onSubmit(opinion.trim());
        } finally {
          setSending(false);
        }
      }}
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          name="opinion"
          label={F.reason}
          rules={[{ required: true, whitespace: true, message: F.reasonRequired }, { max: 500 }]}
        >
          <Input.TextArea rows={4} maxLength={500} showCount placeholder={F.reasonPlaceholder} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

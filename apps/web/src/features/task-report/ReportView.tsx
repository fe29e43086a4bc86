import {
  REPORT_KIND,
  REPORT_MSG,
  REPORT_STATUS,
  type ReportContent,
  type ReportLevel,
  type ReportStatus,
  REPORT_UI as T,
  type TargetReportDetail,
} from '@zg/contract';
import {
  App,
  Button,
  Card,
  Descriptions,
  Drawer,
  Form,
  Input,
  Modal,
  Radio,
  Space,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { errorText } from '../../api/errors';
import { ListTable } from '../../components/ListTable';
import { LoadError } from '../../components/LoadError';
import { GenerateDialog } from './GenerateDialog';
import { downloadReport, useReportActions, useReportDetail } from './report.api';
import { auditProblem, LEVEL_COLOR, LEVEL_OPTIONS, levelLabel, STATUS_COLOR, sizeText } from './report-logic';

type Progress = ReportContent['progress'][number];
type Attachment = ReportContent['attachments'][number];
type Warning = ReportContent['warnings'][number];

const time = (v: string | null) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm') : '-');

/** A report in a drawer (55% wide), loaded by id. */
export function ReportDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const detail = useReportDetail(id);
  return (
    <Drawer open={id !== null} onClose={onClose} size="55%" title={detail.data?.bgbt ?? T.detailTitle} destroyOnHidden>
      {detail.error ? (
        <LoadError error={detail.error} onRetry={() => void detail.refetch()} />
      ) : detail.data ? (
        <ReportView report={detail.data} />
      ) : (
        <Card loading variant="borderless" />
      )}
    </Drawer>
  );
}

/**
 * One report: its state, the actions the user may take on it (the server's abilities), and the content it was
 * generated from (cover, facts, progress reports, attachments, warnings), as the Word document shows them.
 */
export function ReportView({ report }: { report: TargetReportDetail }) {
  const { content } = report;
  const show = (s: ReportContent['sections'][number]) => content.sections.includes(s);
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} className="zg-report">
      <ReportActions report={report} />
      <Descriptions
        size="small"
        column={{ xs: 1, md: 2 }}
        bordered
        items={[
          {
            key: 'status',
            label: T.status,
            children: <Tag color={STATUS_COLOR[report.bgzt]}>{report.bgztmc}</Tag>,
          },
          {
            key: 'level',
            label: T.level,
            children: report.zpdj ? <Tag color={LEVEL_COLOR[report.zpdj]}>{levelLabel(report.zpdj)}</Tag> : T.unrated,
          },
          { key: 'template', label: T.template, children: report.mbmc ?? '-' },
          { key: 'cover', label: T.cover, children: report.fmmc ?? '-' },
          { key: 'generated', label: T.generatedAt, children: time(report.scsj) },
          { key: 'submitted', label: REPORT_MSG.docSubmittedAt, children: time(report.tjsj) },
          ...(report.shsj
            ? [
                { key: 'auditor', label: T.auditedBy, children: report.shrmc ?? '-' },
                { key: 'auditedAt', label: T.auditedAt, children: time(report.shsj) },
                { key: 'reason', label: T.reason, span: 2, children: report.shyj || T.none },
              ]
            : []),
        ]}
      />

      <Card size="small" title={T.coverSection} className="zg-report__cover">
        <Typography.Title level={4} style={{ textAlign: 'center', marginBottom: 4 }}>
          {content.cover.title}
        </Typography.Title>
        {content.cover.subtitle && (
          <Typography.Paragraph style={{ textAlign: 'center', marginBottom: 4 }}>
            {content.cover.subtitle}
          </Typography.Paragraph>
        )}
        <Typography.Paragraph type="secondary" style={{ textAlign: 'center', marginBottom: 0 }}>
          {content.cover.school} · {content.cover.date}
        </Typography.Paragraph>
      </Card>

      {content.preface && <Typography.Paragraph>{content.preface}</Typography.Paragraph>}

      {show('facts') && (
        <Card size="small" title={T.factsSection}>
          <Descriptions
            size="small"
            column={{ xs: 1, md: 2 }}
            items={[
              { key: 'rwmc', label: REPORT_MSG.docTask, children: content.facts.rwmc },
              { key: 'target', label: REPORT_MSG.factYearTarget, children: content.facts.yearTargetName },
              { key: 'type', label: REPORT_MSG.factType, children: content.facts.rwlxmc },
              { key: 'department', label: REPORT_MSG.docDepartment, children: content.facts.fbbm ?? '-' },
              { key: 'owner', label: REPORT_MSG.docOwner, children: content.facts.fzrmc ?? '-' },
              { key: 'auditor', label: REPORT_MSG.factAuditor, children: content.facts.jkrmc ?? '-' },
              {
                key: 'period',
                label: REPORT_MSG.factPeriod,
                children: `${content.facts.kssj} ~ ${content.facts.jssj}`,
              },
              { key: 'status', label: REPORT_MSG.factStatus, children: content.facts.rwztmc },
              { key: 'progress', label: REPORT_MSG.factProgress, children: `${content.facts.rwjd}%` },
            ]}
          />
        </Card>
      )}
      {show('progress') && (
        <Card size="small" title={T.progressSection}>
          <ListTable<Progress>
            rowKey={(r) => `${r.periodKey}-${r.submittedAt}`}
            size="small"
            pager={false}
            rows={content.progress}
            columns={progressColumns}
          />
        </Card>
      )}
      {show('attachments') && (
        <Card size="small" title={T.attachmentsSection}>
          <ListTable<Attachment>
            rowKey="fileId"
            size="small"
            pager={false}
            rows={content.attachments}
            columns={attachmentColumns}
          />
        </Card>
      )}
      {show('warnings') && (
        <Card size="small" title={T.warningsSection}>
          <ListTable<Warning>
            rowKey={(r) => `${r.kind}-${r.warningKey}-${r.raisedAt}`}
            size="small"
            pager={false}
            rows={content.warnings}
            columns={warningColumns}
          />
        </Card>
      )}
    </Space>
  );
}

const progressColumns: TableColumnsType<Progress> = [
  {
    title: REPORT_MSG.docPeriod,
    dataIndex: 'periodKey',
    width: 90,
    render: (v: string) => (v === 'final' ? T.final : v),
  },
  { title: REPORT_MSG.docKind, dataIndex: 'kind', width: 90, render: (v: Progress['kind']) => REPORT_KIND[v] },
  { title: REPORT_MSG.docContent, dataIndex: 'content', ellipsis: true },
  {
    title: REPORT_MSG.docProgress,
    dataIndex: 'progress',
    width: 80,
    render: (v: number | null) => (v === null ? '-' : `${v}%`),
  },
  { title: REPORT_MSG.docSubmitter, dataIndex: 'submitterName', width: 80 },
  { title: REPORT_MSG.docSubmittedAt, dataIndex: 'submittedAt', width: 140, render: time },
  {
    title: REPORT_MSG.docAuditResult,
    dataIndex: 'status',
    width: 90,
    render: (v: string) => REPORT_STATUS[v as ReportStatus] ?? v,
  },
];

const attachmentColumns: TableColumnsType<Attachment> = [
  { title: REPORT_MSG.docFileName, dataIndex: 'fileName', ellipsis: true },
  { title: REPORT_MSG.docSource, dataIndex: 'source', width: 100 },
  { title: REPORT_MSG.docUploader, dataIndex: 'uploaderName', width: 90 },
  { title: REPORT_MSG.docUploadedAt, dataIndex: 'createTime', width: 140, render: time },
  { title: REPORT_MSG.docSize, dataIndex: 'size', width: 90, render: sizeText },
];

const warningColumns: TableColumnsType<Warning> = [
  { title: REPORT_MSG.docWarningType, dataIndex: 'yjlxmc' },
  {
    title: REPORT_MSG.docWarningKind,
    dataIndex: 'kind',
    width: 80,
    render: (v: Warning['kind']) => (v === 'final' ? T.final : T.process),
  },
  { title: REPORT_MSG.docWarningKey, dataIndex: 'warningKey', width: 100 },
  { title: REPORT_MSG.docWarningAt, dataIndex: 'raisedAt', width: 140, render: time },
  {
    title: REPORT_MSG.docWarningState,
    dataIndex: 'open',
    width: 80,
    render: (v: boolean) => (v ? REPORT_MSG.warningOpen : REPORT_MSG.warningClosed),
  },
];

/** The buttons of a report, as its abilities allow; destructive or final steps ask first. */
function ReportActions({ report }: { report: TargetReportDetail }) {
  const { message, modal } = App.useApp();
  const actions = useReportActions();
  const [level, setLevel] = useState<ReportLevel | undefined>(report.zpdj ?? undefined);
  const [auditing, setAuditing] = useState(false);
  const [downloading, setDownloading] = useState(false);
  useEffect(() => setLevel(report.zpdj ?? undefined), [report.zpdj]);
  const { abilities } = report;
  const fail = (error: unknown) => message.error(errorText(error, T.detailTitle));

  const saveLevel = async () => {
    if (!level) {
      message.warning(T.levelRequired);
      return;
    }
    try {
      await actions.rate.mutateAsync({ id: report.id, version: report.version, zpdj: level });
      message.success(REPORT_MSG.levelSaved);
    } catch (error) {
      fail(error);
    }
  };
  const submit = () =>
    modal.confirm({
      title: T.submit,
      content: T.submitConfirm,
      onOk: async () => {
        try {
          await actions.submit.mutateAsync({ id: report.id, version: report.version });
          message.success(REPORT_MSG.submitted);
        } catch (error) {
          fail(error);
        }
      },
    });
  const [regenerating, setRegenerating] = useState(false);
  const save = async () => {
    setDownloading(true);
    try {
      await downloadReport(report.id);
    } catch (error) {
      message.error(errorText(error, T.downloadFailed));
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Space wrap className="zg-report__actions">
      {abilities.download && (
        <Button type="primary" loading={downloading} onClick={save}>
          {T.download}
        </Button>
      )}
      {abilities.rate && (
        <Space.Compact>
          <Radio.Group
            aria-label={T.rateTitle}
            optionType="button"
            options={LEVEL_OPTIONS}
            value={level}
            onChange={(e) => setLevel(e.target.value)}
          />
          <Button onClick={saveLevel} loading={actions.rate.isPending}>
            {T.saveLevel}
          </Button>
        </Space.Compact>
      )}
      {abilities.rate && (
        <Button onClick={submit} disabled={!abilities.submit} loading={actions.submit.isPending}>
          {T.submit}
        </Button>
      )}
      {abilities.regenerate && <Button onClick={() => setRegenerating(true)}>{T.regenerate}</Button>}
      {abilities.audit && (
        <Button type="primary" onClick={() => setAuditing(true)}>
          {T.audit}
        </Button>
      )}
      <AuditDialog report={report} open={auditing} onClose={() => setAuditing(false)} />
      <GenerateDialog
        open={regenerating}
        regenerate
        taskId={report.taskId}
        onClose={() => setRegenerating(false)}
        onGenerated={() => setRegenerating(false)}
      />
    </Space>
  );
}

/** The auditor passes the report, or refuses it with a reason (asked once more before it goes back). */
function AuditDialog({ report, open, onClose }: { report: TargetReportDetail; open: boolean; onClose: () => void }) {
  const { message, modal } = App.useApp();
  const actions = useReportActions();
  const [form] = Form.useForm<{ result: 'pass' | 'refuse'; reason?: string }>();
  const send = async (values: { result: 'pass' | 'refuse'; reason?: string }) => {
    try {
      await actions.audit.mutateAsync({ id: report.id, version: report.version, ...values });
      message.success(REPORT_MSG.audited);
      form.resetFields();
      onClose();
    } catch (error) {
      message.error(errorText(error, T.auditTitle));
    }
  };
  const finish = async (values: { result: 'pass' | 'refuse'; reason?: string }) => {
    if (values.result === 'refuse') {
      modal.confirm({ title: T.refuse, content: T.refuseConfirm, onOk: () => send(values) });
    } else {
      await send(values);
    }
  };
  return (
    <Modal
      open={open}
      title={T.auditTitle}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={actions.audit.isPending}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={{ result: 'pass' }} onFinish={finish}>
        <Form.Item name="result" label={T.auditResult} rules={[{ required: true }]}>
          <Radio.Group
            options={[
              { value: 'pass', label: T.pass },
              { value: 'refuse', label: T.refuse },
            ]}
          />
        </Form.Item>
        <Form.Item
          name="reason"
          label={T.reason}
          dependencies={['result']}
          rules={[
            ({ getFieldValue }) => ({
              validator: (_, value: string | undefined) => {
                const problem = auditProblem(getFieldValue('result'), value ?? '');
                return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
              },
            }),
          ]}
        >
          <Input.TextArea rows={4} maxLength={500} showCount placeholder={T.reasonPlaceholder} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

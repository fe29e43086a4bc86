import { DIAGNOSIS_LIMITS, type QcpDetailSchema, QUALITY_VIEW_TEXT as T, QUALITY_VIEW_MSG as V } from '@zg/contract';
import { App, Button, Descriptions, Form, Input, Skeleton, Space, Tabs, Tag, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import type { z } from 'zod';
import { toastFailure } from '../../../../api/feedback';
import { FileDownloadDialog } from '../../../../components/attachments/FileDownloadDialog';
import { EmptyState } from '../../../../components/EmptyState';
import { LoadError } from '../../../../components/LoadError';
import { shownResult, valueText } from '../../diagnosis.logic';
import { LineageContent } from '../LineageDialog';
import { DetailData } from './DetailData';
import { gradeText } from './MonitorTable';
import { useQcp, useSaveAnalysis } from './monitor.api';
import { analysisProblem, charCount, monitorTarget } from './monitor.logic';

type QcpDetail = z.infer<typeof QcpDetailSchema>;

export interface QcpPanelSlots {
  /** 预警历史 (issue 32 plugs its table in here); 暂无数据 until then. */
  warningHistory?: ReactNode;
  /** 预警趋势 (issue 32's chart); 暂无数据 until then. */
  warningTrend?: ReactNode;
}

const Nothing = () => <EmptyState description={T.noData} />;

/**
 * 质控点详情 (spec-2 §2.8): the header (name, diagnosis result, achievement level), the read-only fields, cause
 * analysis and improvement measures (editable with isedit), 文件下载 by the four stages with 下载全部, and the tabs
 * 明细数据 (the rows of the node's 详情算法 for this object and year, then the lineage of the value), 预警历史 and
 * 预警趋势 (slots).
 */
export function QcpPanel({ id, warningHistory, warningTrend }: { id: number } & QcpPanelSlots) {
  const qcp = useQcp(id);
  if (qcp.isPending) return <Skeleton active />;
  if (qcp.error) return <LoadError error={qcp.error} onRetry={() => void qcp.refetch()} />;
  return <QcpContent q={qcp.data} warningHistory={warningHistory} warningTrend={warningTrend} />;
}

function QcpContent({ q, warningHistory, warningTrend }: { q: QcpDetail } & QcpPanelSlots) {
  const [files, setFiles] = useState(false);
  const result = shownResult(q);
  const verdict = result === null ? T.noResult : q.dis ? T.notReached : T.reached;
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Space wrap align="center" style={{ justifyContent: 'space-between', width: '100%' }}>
        <Space wrap align="center">
          <Typography.Title level={4} style={{ margin: 0 }}>
            {q.zkdmc}
          </Typography.Title>
          <Tag color={result === null ? 'default' : q.dis ? 'red' : 'green'}>{`${T.diagnosisResult}：${verdict}`}</Tag>
          <Tag color="blue">{`${T.achievement}：${gradeText(q.jgdj)}`}</Tag>
        </Space>
        <Button onClick={() => setFiles(true)}>{T.fileDownload}</Button>
      </Space>
      <Descriptions size="small" bordered column={{ xs: 1, md: 2 }}>
        <Descriptions.Item label={T.currentTask}>{q.rwmc}</Descriptions.Item>
        <Descriptions.Item label={T.sharers}>
          {q.sharePos.length ? q.sharePos.map((s) => s.gxrmc).join('、') : T.dash}
        </Descriptions.Item>
        <Descriptions.Item label={T.diagnosisObject}>{q.gzdxmc}</Descriptions.Item>
        <Descriptions.Item label={T.diagnosisStandard}>{q.zdbz ?? T.dash}</Descriptions.Item>
        <Descriptions.Item label={T.targetValue}>{valueText(q.zlx, monitorTarget(q))}</Descriptions.Item>
        <Descriptions.Item label={T.currentValue}>{valueText(q.zlx, result)}</Descriptions.Item>
        <Descriptions.Item label={T.warningValue}>
          {q.warningVo?.yjz ? valueText(q.zlx, q.warningVo.yjz) : T.dash}
        </Descriptions.Item>
        <Descriptions.Item label={T.warningCycle}>{q.warningVo?.yjzq ?? T.dash}</Descriptions.Item>
      </Descriptions>
      <AnalysisForm q={q} />
      <Tabs
        items={[
          {
            key: 'detail',
            label: T.tabDetail,
            children: (
              <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
                <DetailData id={q.id} />
                <Typography.Title level={5} style={{ margin: 0 }}>
                  {T.detailLineage}
                </Typography.Title>
                <LineageContent row={q} />
              </Space>
            ),
          },
          { key: 'history', label: T.tabWarningHistory, children: warningHistory ?? <Nothing /> },
          { key: 'trend', label: T.tabWarningTrend, children: warningTrend ?? <Nothing /> },
        ]}
      />
      <FileDownloadDialog
        open={files}
        onClose={() => setFiles(false)}
        owner={{ ownerType: 'Quality', zgzkdid: String(q.id) }}
        name={q.zkdmc}
      />
    </Space>
  );
}

/** Cause analysis and improvement measures: text areas an editor saves; read-only text for everyone else. */
function AnalysisForm({ q }: { q: QcpDetail }) {
  const { message } = App.useApp();
  const save = useSaveAnalysis();
  const [form] = Form.useForm<{ yyfx: string; gjcs: string }>();
  const rule = {
    validator: (_: unknown, v: string) => {
      const p = analysisProblem(v);
      return p ? Promise.reject(new Error(p)) : Promise.resolve();
    },
  };
  if (!q.isedit)
    return (
      <Descriptions size="small" bordered column={1} styles={{ label: { width: 110 } }}>
        <Descriptions.Item label={T.cause}>
          <span style={{ whiteSpace: 'pre-wrap' }}>{q.yyfx || T.notWritten}</span>
        </Descriptions.Item>
        <Descriptions.Item label={T.measures}>
          <span style={{ whiteSpace: 'pre-wrap' }}>{q.gjcs || T.notWritten}</span>
        </Descriptions.Item>
      </Descriptions>
    );
  const count = { show: true, max: DIAGNOSIS_LIMITS.textMax, strategy: charCount };
  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    try {
      await save.mutateAsync({ id: q.id, yyfx: values.yyfx.trim(), gjcs: values.gjcs.trim() });
      message.success(V.analysisSaved);
    } catch (e) {
      toastFailure(message, e);
    }
  };
  return (
    <Form
      key={q.id}
      form={form}
      layout="vertical"
      initialValues={{ yyfx: q.yyfx ?? '', gjcs: q.gjcs ?? '' }}
      onFinish={() => void submit()}
    >
      <Form.Item name="yyfx" label={T.cause} required rules={[rule]}>
        <Input.TextArea rows={3} count={count} placeholder={T.causePlaceholder} />
      </Form.Item>
      <Form.Item name="gjcs" label={T.measures} required rules={[rule]}>
        <Input.TextArea rows={3} count={count} placeholder={T.measuresPlaceholder} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={save.isPending}>
        {T.save}
      </Button>
    </Form>
  );
}

import { TASK_UI as T, TASK_AUDIT, TASK_QCP_UI, type TaskAudit } from '@zg/contract';
import { Button, Descriptions, Drawer, Space, Spin, Tag, Typography } from 'antd';
import { RecordHistoryButton } from '../../../components/history/RecordHistory';
import { TaskProgressTabs } from '../progress/TaskProgressTabs';
import { qcpLabel } from '../qcp-logic';
import { type TaskCard, useTaskTypes, useTaskVo } from '../target-task.api';
import type { TaskCommand } from '../task-logic';
import { ACTION_LABEL, cardActions, statusColor, typeLabel } from '../task-logic';
import { FocusButton } from '../warning/FocusButton';
import { TaskProgress } from './TaskProgress';

/** A task in full (Drawer 55%): its fields, cooperating departments, cycle, mission and the actions allowed. */
export function TaskDetailDrawer({
  taskId,
  onClose,
  onCommand,
}: {
  taskId: number | undefined;
  onClose: () => void;
  onCommand: (card: TaskCard, command: TaskCommand) => void;
}) {
  const vo = useTaskVo(taskId);
  const types = useTaskTypes();
  const t = vo.data;
  return (
    <Drawer open={taskId !== undefined} onClose={onClose} size="55%" title={t?.rwmc ?? T.detail} destroyOnHidden>
      {!t ? (
        <Spin />
      ) : (
        <Space orientation="vertical" size={16} style={{ width: '100%' }}>
          <Space wrap>
            {cardActions(t).map((a) => (
              <Button
                key={a}
                danger={a === 'delete' || a === 'goBack' || a === 'refuse'}
                onClick={() => {
                  onClose();
                  onCommand(t, a);
                }}
              >
                {ACTION_LABEL[a]}
              </Button>
            ))}
            <Button
              onClick={() => {
                onClose();
                onCommand(t, 'documents');
              }}
            >
              {T.documents}
            </Button>
            <FocusButton taskId={t.id} size="middle" />
            <RecordHistoryButton record={{ entityType: 'targetTask', entityId: t.id }} />
          </Space>
          <Descriptions bordered size="small" column={2}>
            <Descriptions.Item label={T.rwzt}>
              <Tag color={statusColor(t.rwzt)}>{t.rwztmc}</Tag>
            </Descriptions.Item>
            <Descriptions.Item label={T.auditStatus}>
              {t.auditStatus === null ? '—' : TASK_AUDIT[t.auditStatus as TaskAudit]}
              {t.auditReason ? `（${t.auditReason}）` : ''}
            </Descriptions.Item>
            <Descriptions.Item label={T.yearTarget}>{t.yearTargetName}</Descriptions.Item>
            <Descriptions.Item label={T.parentTask}>{t.parentName ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={T.rwlx}>{typeLabel(t.rwlx, types.data)}</Descriptions.Item>
            <Descriptions.Item label={T.weight}>{t.weight}</Descriptions.Item>
            <Descriptions.Item label={T.fbbm}>{t.fbbm ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={T.fzrmc}>{t.fzrmc ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={T.coopDepartments}>
              {t.coopDepartments.map((d) => d.bmmc).join('、') || '—'}
            </Descriptions.Item>
            <Descriptions.Item label={T.jkrmc}>{t.jkrmc ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={T.kssj}>{t.kssj}</Descriptions.Item>
            <Descriptions.Item label={T.jssj}>{t.jssj}</Descriptions.Item>
            <Descriptions.Item label={T.cycleTypeLabel}>{t.cycleTypeName ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={T.zqz}>{t.zqz || '—'}</Descriptions.Item>
            <Descriptions.Item label={T.rwnf}>{t.rwnf}</Descriptions.Item>
            <Descriptions.Item label={T.cjrmc}>{t.cjrmc ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={T.rwjd} span={2}>
              <TaskProgress percent={t.rwjd} />
            </Descriptions.Item>
            <Descriptions.Item label={TASK_QCP_UI.label} span={2}>
              {t.standardNodes.length
                ? t.standardNodes.map((q) => (
                    <Tag key={q.id} color="geekblue" className="zg-task-qcp">
                      {qcpLabel(q)}
                    </Tag>
                  ))
                : TASK_QCP_UI.none}
            </Descriptions.Item>
            <Descriptions.Item label={T.missionLabel} span={2}>
              <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>
                {t.mission || T.noMission}
              </Typography.Paragraph>
            </Descriptions.Item>
          </Descriptions>
          <TaskProgressTabs task={t} />
        </Space>
      )}
    </Drawer>
  );
}

import { TASK_QCP_UI as T } from '@zg/contract';
import { Alert, List, Progress, Spin, Tag, Typography } from 'antd';
import { errorText } from '../../../api/errors';
import { useNodeTasks } from '../standard.api';

/** The target tasks serving a QCP (服务该质控点的目标任务), under the node's form: year, name, department, progress. */
export function NodeTasks({ nodeId }: { nodeId: number }) {
  const tasks = useNodeTasks(nodeId);
  return (
    <section className="zg-node-tasks" aria-label={T.nodeTasksTitle}>
      <Typography.Title level={5}>{T.nodeTasksTitle}</Typography.Title>
      {tasks.isLoading ? (
        <Spin size="small" />
      ) : tasks.isError ? (
        <Alert type="error" showIcon title={errorText(tasks.error, T.loadFailed)} />
      ) : (
        <List
          size="small"
          bordered
          dataSource={tasks.data ?? []}
          locale={{ emptyText: T.nodeTasksEmpty }}
          renderItem={(t) => (
            <List.Item key={t.id}>
              <span>
                <Tag>{t.year}</Tag>
                {t.rwmc}
                <Typography.Text type="secondary">
                  （{t.bmmc ?? '—'} · {t.rwztmc}）
                </Typography.Text>
              </span>
              <Progress
                percent={t.rwjd}
                size="small"
                style={{ width: 120, margin: 0 }}
                aria-label={`${t.rwmc} ${t.rwjd}%`}
              />
            </List.Item>
          )}
        />
      )}
    </section>
  );
}

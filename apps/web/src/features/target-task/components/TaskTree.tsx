import { TASK_UI as T } from '@zg/contract';
import { Button, Space, Spin, Tag, Tree, type TreeDataNode, Typography } from 'antd';
import { useMemo } from 'react';
import { EmptyState } from '../../../components/EmptyState';
import { type TaskCard, useTaskTree } from '../target-task.api';
import type { TaskCommand } from '../task-logic';
import { ACTION_LABEL, buildTree, type CardAction, cardActions, statusColor, type TaskNode } from '../task-logic';
import '../target-task.css';
import { TaskProgress } from './TaskProgress';

/** The buttons a tree node offers: decomposing, editing and deleting, where the server allows them. */
const TREE_ACTIONS: readonly CardAction[] = ['decompose', 'addChild', 'edit', 'delete'];

function toData(nodes: TaskNode[], onCommand: (card: TaskCard, command: TaskCommand) => void): TreeDataNode[] {
  return nodes.map(({ card, children }) => ({
    key: card.id,
    title: (
      <span className="zg-task-tree__node">
        <Typography.Text strong>{card.rwmc}</Typography.Text>
        <Tag color={statusColor(card.rwzt)}>{card.rwztmc}</Tag>
        <Typography.Text type="secondary">
          {[card.fbbm, card.fzrmc].filter(Boolean).join(' · ')} {card.kssj} ~ {card.jssj}
        </Typography.Text>
        <TaskProgress percent={card.rwjd} className="zg-task-tree__progress" />
        <Space size={0} className="zg-task-tree__actions">
          <Button type="link" size="small" onClick={() => onCommand(card, 'detail')}>
            {T.detail}
          </Button>
          {cardActions(card)
            .filter((a) => TREE_ACTIONS.includes(a))
            .map((a) => (
              <Button
                key={a}
                type="link"
                size="small"
                danger={a === 'delete'}
                onClick={(e) => {
                  e.stopPropagation();
                  onCommand(card, a);
                }}
              >
                {ACTION_LABEL[a]}
              </Button>
            ))}
        </Space>
      </span>
    ),
    children: toData(children, onCommand),
  }));
}

/** The decomposition of a year target as a tree (WBS); each user sees the tasks the server shows them. */
export function TaskTree({
  yearTargetId,
  onCommand,
}: {
  yearTargetId: number;
  onCommand: (card: TaskCard, command: TaskCommand) => void;
}) {
  const tree = useTaskTree(yearTargetId);
  const data = useMemo(() => toData(buildTree(tree.data ?? []), onCommand), [tree.data, onCommand]);
  if (tree.isLoading) return <Spin className="zg-task-loading" />;
  if (data.length === 0) return <EmptyState description={T.noTasks} />;
  return (
    <Tree
      className="zg-task-tree"
      treeData={data}
      defaultExpandAll
      selectable={false}
      blockNode
      aria-label={T.treeView}
    />
  );
}

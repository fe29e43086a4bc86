import { useTaskActions } from '../components/use-task-actions';
import WarningTaskPage from './WarningTaskPage';

/** 预警任务 inside the target-task module: a task's name opens the module's task detail (with its progress panel). */
export default function WarningTaskSection() {
  const { run, dialogs } = useTaskActions();
  return (
    <>
      <WarningTaskPage onOpenTask={(task) => run(task, 'detail')} />
      {dialogs}
    </>
  );
}

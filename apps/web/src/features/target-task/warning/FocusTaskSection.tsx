import { useTaskActions } from '../components/use-task-actions';
import FocusTaskPage from './FocusTaskPage';

/** 我的关注 inside the target-task module: a task's name opens the module's task detail (with its progress panel). */
export default function FocusTaskSection() {
  const { run, dialogs } = useTaskActions();
  return (
    <>
      <FocusTaskPage onOpenTask={(task) => run(task, 'detail')} />
      {dialogs}
    </>
  );
}

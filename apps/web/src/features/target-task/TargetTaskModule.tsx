import { Navigate, useLocation } from 'react-router-dom';
import './target-task.css';
import { useLoginRecord } from '../../app/use-login-record';
import { sectionsFor } from './sections';
import { baseOf } from './task-logic';

/**
 * 目标任务管理 (/targetTaskManagement, menu key wbs) and 年度目标分解 (/newTaskManagement, annualWbs): one module,
 * one domain core. The path below the menu's base picks the sub-page; an unknown or not granted one goes to the base.
 */
export default function TargetTaskModule() {
  const { pathname } = useLocation();
  const record = useLoginRecord();
  const base = baseOf(pathname);
  const slug = pathname.slice(base.length).replace(/^\//, '').split('/')[0] ?? '';
  const section = sectionsFor(base, record).find((s) => s.slug === slug);
  if (!section) return <Navigate to={base} replace />;
  const Page = section.page;
  return <Page key={`${base}/${slug}`} kind={section.kind} base={base} />;
}

export { TargetTaskModule };

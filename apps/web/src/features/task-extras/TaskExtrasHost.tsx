import { Segmented } from 'antd';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { useLoginRecord } from '../../app/use-login-record';
import { extraRoutesFor } from './routes';

/** Where the host is mounted (the 目标任务管理 menu). */
export const HOST_BASE = '/targetTaskManagement';

/**
 * A stand-in for the target-task module until it mounts ANALYSIS_ROUTES in its own sub-navigation: the pages of
 * issue 8 at `/targetTaskManagement/<slug>`, with a line of links to the ones the user gets. The module replaces it
 * at merge, keeping the same paths.
 */
export default function TaskExtrasHost() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const routes = extraRoutesFor(useLoginRecord());
  const slug = pathname.slice(HOST_BASE.length).replace(/^\//, '').split('/')[0] ?? '';
  const route = routes.find((r) => r.slug === slug);
  const first = routes[0];
  if (!route) return first ? <Navigate to={`${HOST_BASE}/${first.slug}`} replace /> : null;
  const Page = route.page;
  return (
    <div className="zg-extras">
      <Segmented
        className="zg-extras__nav"
        style={{ marginBottom: 16, maxWidth: '100%', overflowX: 'auto' }}
        value={route.slug}
        options={routes.map((r) => ({ value: r.slug, label: r.label }))}
        onChange={(v) => navigate(`${HOST_BASE}/${v}`)}
      />
      <Page key={route.slug} />
    </div>
  );
}

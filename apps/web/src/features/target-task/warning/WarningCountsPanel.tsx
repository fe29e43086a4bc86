import { PROGRESS_TEXT as T } from '@zg/contract';
import { Statistic, Typography } from 'antd';
import { EmptyState } from '../../../components/EmptyState';
import { useAppConfig } from '../../../session/app-config';
import { useLoginRecord } from '../../../session/login-record';
import { warningCountLoads } from './counts';
import { useWarningCount } from './warning.api';
import '../progress/progress.css';

/** The menu keys the user holds decide which counts load (spec-1 section 6); false when none does. */
export function useWarningCountScopes() {
  const record = useLoginRecord();
  const config = useAppConfig();
  return warningCountLoads(record?.menus, config.data?.featureFlags ?? []);
}

function CountsRow({ scope, label }: { scope: 'total' | 'personal' | 'department'; label: string }) {
  const counts = useWarningCount(scope, true);
  if (counts.isError) return <EmptyState description={counts.error.message} />;
  return (
    <div className="zg-warning-counts__row" data-testid={`warning-counts-${scope}`}>
      <Typography.Text strong className="zg-warning-counts__label">
        {label}
      </Typography.Text>
      <Statistic title={T.totalWarnings} value={counts.data?.totalWarningCount ?? 0} loading={counts.isPending} />
      <Statistic title={T.processWarnings} value={counts.data?.processWarningCount ?? 0} loading={counts.isPending} />
      <Statistic title={T.expiredWarnings} value={counts.data?.expiredWarningCount ?? 0} loading={counts.isPending} />
    </div>
  );
}

/** Total, personal and department warning counts, each only when the user's menus grant its key. */
export function WarningCountsPanel() {
  const loads = useWarningCountScopes();
  return (
    <div className="zg-warning-counts">
      {loads.total && <CountsRow scope="total" label={T.scopeTotal} />}
      {loads.personal && <CountsRow scope="personal" label={T.scopePersonal} />}
      {loads.department && <CountsRow scope="department" label={T.scopeDepartment} />}
    </div>
  );
}

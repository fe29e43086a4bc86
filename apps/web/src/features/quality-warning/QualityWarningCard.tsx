import { QUALITY_WARNING_TEXT as T } from '@zg/contract';
import { Card, Statistic } from 'antd';
import { useNavigate } from 'react-router-dom';
import { useWarnCount } from './quality-warning.api';
import './quality-warning.css';

/** The home page's 质量预警 card (beside the task warnings): counts the user sees; a tile opens the record table. */
export function QualityWarningCard() {
  const navigate = useNavigate();
  const counts = useWarnCount();
  const c = counts.data;
  if (!c) return null;
  const tiles = [
    { key: 'total', label: T.total, value: c.totalWarningCount, link: '/improvement/warnings' },
    { key: 'process', label: T.process, value: c.processWarningCount, link: '/improvement/warnings' },
    { key: 'expired', label: T.expired, value: c.expiredWarningCount, link: '/improvement/warnings' },
    { key: 'undisposed', label: T.undisposed, value: c.undisposedCount, link: '/improvement/warnings' },
    { key: 'cases', label: T.openCases, value: c.openCaseCount, link: '/improvement/cases' },
    { key: 'forecast', label: T.forecasts, value: c.forecastWarningCount, link: '/improvement/warnings' },
  ];
  return (
    <Card className="zg-home__quality-warnings" title={T.cardTitle} variant="borderless">
      <div className="zg-qw__tiles">
        {tiles.map((t) => (
          <button
            key={t.key}
            type="button"
            className="zg-qw__tile"
            title={T.cardHint}
            data-qw={t.key}
            onClick={() => navigate(t.link)}
          >
            <Statistic title={t.label} value={t.value} />
          </button>
        ))}
      </div>
    </Card>
  );
}

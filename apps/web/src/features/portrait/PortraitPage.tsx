import { PORTRAIT_KIND_NAMES, PORTRAIT_TEXT as T } from '@zg/contract';
import { Breadcrumb, Space, Spin, Typography } from 'antd';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { EmptyState } from '../../components/EmptyState';
import { LoadError } from '../../components/LoadError';
import { PortraitCardsButton } from './PortraitCardsDialog';
import { PortraitCards, PortraitCharts } from './PortraitCharts';
import { PortraitDrill } from './PortraitDrill';
import { usePortrait, usePortrayalAuth } from './portrait.api';
import { landing, type PortraitAt, parseAt, searchOf } from './portrait.logic';
import './portrait.css';

/** One object's portrait: breadcrumb back up, key figures, radar and trend, and what to drill into. */
function PortraitView({ at, open }: { at: PortraitAt; open: (at: PortraitAt) => void }) {
  const portrait = usePortrait(at.kind, at.code);
  if (portrait.isPending) return <Spin className="zg-portrait-loading" />;
  if (portrait.error) return <LoadError error={portrait.error} onRetry={() => portrait.refetch()} />;
  const p = portrait.data;
  const crumbs = [...p.path, p.object];
  return (
    <Space direction="vertical" size={12} className="zg-portrait">
      <Breadcrumb
        items={crumbs.map((o, i) => ({
          key: `${o.kind}-${o.code}`,
          title:
            i < crumbs.length - 1 ? (
              <a
                href={searchOf(o)}
                onClick={(e) => {
                  e.preventDefault();
                  open(o.kind === 'school' ? { kind: 'school' } : o);
                }}
              >
                {o.name}
              </a>
            ) : (
              o.name
            ),
        }))}
      />
      <div className="zg-portrait-head">
        <Typography.Title level={4} className="zg-portrait-title">
          {p.object.name}
          <Typography.Text type="secondary" className="zg-portrait-kind">
            {PORTRAIT_KIND_NAMES[p.object.kind]}
          </Typography.Text>
        </Typography.Title>
        <PortraitCardsButton kind={p.object.kind} />
      </div>
      <PortraitCards portrait={p} />
      <PortraitCharts portrait={p} />
      <PortraitDrill portrait={p} open={open} />
    </Space>
  );
}

/** 画像分析 (/analysis/portrayal): the leader lands on the school, a college or major head on their object. */
export default function PortraitPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const auth = usePortrayalAuth();
  const at = parseAt(params);
  const open = (next: PortraitAt) => navigate({ search: searchOf(next) });
  const land = auth.data ? landing(auth.data) : null;
  useEffect(() => {
    if (!at && land) navigate({ search: searchOf(land) }, { replace: true });
  }, [at, land, navigate]);

  return (
    <div className="zg-portrait-page">
      <Typography.Title level={3} className="zg-portrait-heading">
        {T.title}
      </Typography.Title>
      {auth.error ? <LoadError error={auth.error} onRetry={() => auth.refetch()} /> : null}
      {auth.isPending ? <Spin className="zg-portrait-loading" /> : null}
      {auth.data && !land ? <EmptyState description={T.noAuthority} /> : null}
      {at && auth.data && land ? <PortraitView key={searchOf(at)} at={at} open={open} /> : null}
    </div>
  );
}

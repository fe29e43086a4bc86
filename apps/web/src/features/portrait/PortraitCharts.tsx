import { type Portrait, PORTRAIT_TEXT as T } from '@zg/contract';
import { Card, Col, Row, Segmented, Statistic, Tag, Typography } from 'antd';
import { useState } from 'react';
import { LineChart, RadarChart } from '../../components/charts';
import { cardText, radarData, trendData } from './portrait.logic';

/** The portrait's key figures: the built-in cards, then the configured ones (tagged 自定义). */
export function PortraitCards({ portrait }: { portrait: Portrait }) {
  return (
    <section aria-label={T.cards}>
      <Row gutter={[12, 12]}>
        {portrait.cards.map((c) => {
          const shown = cardText(c);
          return (
            <Col key={c.key} xs={12} sm={8} lg={6} xl={4}>
              <Card size="small" className="zg-portrait-card">
                <Statistic
                  title={
                    <span>
                      {c.label}
                      {c.configured ? (
                        <Tag color="blue" className="zg-portrait-card__tag">
                          {T.configured}
                        </Tag>
                      ) : null}
                    </span>
                  }
                  value={shown.value}
                  suffix={shown.unit}
                />
                <Typography.Text type="secondary" className="zg-portrait-card__year">
                  {c.error ?? (c.year === null ? T.noYear : T.year(c.year))}
                </Typography.Text>
              </Card>
            </Col>
          );
        })}
      </Row>
    </section>
  );
}

/** The radar of the latest diagnosis grades and the trend of one figure over the years. */
export function PortraitCharts({ portrait }: { portrait: Portrait }) {
  const [figure, setFigure] = useState<string | undefined>(undefined);
  const name = portrait.object.name;
  const selected = portrait.trend.series.some((s) => s.key === figure) ? figure : portrait.trend.series[0]?.key;
  return (
    <Row gutter={[12, 12]}>
      <Col xs={24} lg={10}>
        <Card size="small" title={T.radar}>
          {portrait.radar ? (
            <Typography.Paragraph type="secondary" className="zg-portrait-note">
              {T.radarNote(portrait.radar.taskName, portrait.radar.year)}
            </Typography.Paragraph>
          ) : null}
          <RadarChart
            label={T.chartTitle(name, T.radar)}
            data={radarData(portrait.radar, name)}
            empty={T.noRadar}
            height={300}
          />
        </Card>
      </Col>
      <Col xs={24} lg={14}>
        <Card size="small" title={T.trend}>
          {portrait.trend.series.length > 1 ? (
            <Segmented
              size="small"
              className="zg-portrait-figures"
              value={selected}
              onChange={(v) => setFigure(String(v))}
              options={portrait.trend.series.map((s) => ({ value: s.key, label: s.name }))}
            />
          ) : null}
          <LineChart label={T.chartTitle(name, T.trend)} data={trendData(portrait.trend, selected)} height={300} />
        </Card>
      </Col>
    </Row>
  );
}

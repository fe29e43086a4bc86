import {
  DOUBLE_HIGH_GRADES,
  DOUBLE_HIGH_KINDS,
  type DoubleHighUnit,
  RIVAL_INDICATORS,
  type RivalIndicatorCode,
  RIVAL_TEXT as T,
} from '@zg/contract';
import { Alert, App, Button, Card, Col, Input, Row, Select, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { BarChart } from '../../components/charts';
import { ListTable } from '../../components/ListTable';
import { ExcelImportControl } from '../../components/upload/ExcelImportControl';
import {
  downloadUnits,
  downloadUnitsTemplate,
  type UnitFilter,
  uploadUnits,
  useDoubleSchool,
  useDoubleUnits,
  useDoubleYears,
  useRefreshRivals,
  useRivalOverview,
} from './rival-analysis.api';
import { doubleData, groupLabel, indicatorLabel, showValue } from './rival-analysis.logic';
import './rival-analysis.css';

type Kind = keyof typeof DOUBLE_HIGH_KINDS;
const title = (text: string) => <h2 className="zg-card-title">{text}</h2>;

/**
 * 双高对比 (`/analysis/doubleHigh`): the double-high plan's units as the school keeps them (the sourced entries with
 * their source, the rest by Excel; 已收录 n / 197 against the official totals), and 本校 against the units' averages by
 * category and grade.
 */
export default function DoubleHighPage() {
  const { message } = App.useApp();
  const refresh = useRefreshRivals();
  const years = useDoubleYears();
  const [filter, setFilter] = useState<UnitFilter>({ pageNum: 1 });
  const [indicator, setIndicator] = useState<RivalIndicatorCode>('jyl');
  const [figuresYear, setFiguresYear] = useState<number | undefined>();
  const units = useDoubleUnits(filter);
  const figureYears = useRivalOverview(undefined).data?.years ?? [];
  const compare = useDoubleSchool(figuresYear, filter.year);
  const u = units.data;
  const set = (patch: Partial<UnitFilter>) => setFilter((f) => ({ ...f, ...patch, pageNum: patch.pageNum ?? 1 }));
  return (
    <div className="zg-page">
      <div className="zg-rival__head">
        <Typography.Title level={1} className="zg-page__title">
          {T.doubleTitle}
        </Typography.Title>
        <Space wrap>
          <span id="zg-double-round">{T.round}</span>
          <Select
            aria-labelledby="zg-double-round"
            style={{ width: 170 }}
            value={filter.year ?? years.data?.[0]?.year}
            onChange={(year) => set({ year })}
            options={(years.data ?? []).map((y) => ({ value: y.year, label: y.label }))}
          />
          {u && <Tag color="blue">{T.recorded(u.recorded, u.expected)}</Tag>}
        </Space>
      </div>
      <Alert className="zg-rival__note" type="info" showIcon message={T.officialNote} />
      {compare.data?.sample && <Alert className="zg-rival__note" type="warning" showIcon message={T.sampleNote} />}
      <Row gutter={[16, 16]}>
        <Col span={24}>
          <Card
            title={
              <Space>
                {title(T.compareDouble)}
                {compare.data?.sample && <Tag color="orange">{T.sampleTag}</Tag>}
              </Space>
            }
            extra={
              <Space wrap>
                <span id="zg-double-year">{T.figuresYear}</span>
                <Select
                  aria-labelledby="zg-double-year"
                  style={{ width: 110 }}
                  value={compare.data?.year ?? undefined}
                  onChange={setFiguresYear}
                  options={figureYears.map((y) => ({ value: y, label: String(y) }))}
                />
                <span id="zg-double-indicator">{T.indicator}</span>
                <Select
                  aria-labelledby="zg-double-indicator"
                  style={{ width: 180 }}
                  value={indicator}
                  onChange={setIndicator}
                  options={RIVAL_INDICATORS.map((i) => ({ value: i.code, label: indicatorLabel(i.code) }))}
                />
              </Space>
            }
          >
            <BarChart
              label={`${T.compareDouble}：${indicatorLabel(indicator)}`}
              height={300}
              barWidth={28}
              data={compare.data ? doubleData(compare.data, indicator) : { categories: [], series: [] }}
            />
            <div className="zg-rival__counts">
              {compare.data?.groups.map((g) => (
                <span key={g.key}>
                  {groupLabel(g)}：{T.groupUnits(g.units, g.withFigures)}
                </span>
              ))}
            </div>
            <ListTable
              rowKey="indicator"
              size="small"
              pager={false}
              loading={compare.isPending}
              error={compare.error}
              rows={compare.data?.list}
              scroll={{ x: 'max-content' }}
              columns={[
                { title: T.indicator, dataIndex: 'indicator', render: (c: string) => indicatorLabel(c) },
                {
                  title: T.ownSchool,
                  dataIndex: 'own',
                  align: 'right',
                  render: (v: number | null, r) => showValue(r.indicator, v),
                },
                ...(compare.data?.groups ?? []).map((g) => ({
                  title: groupLabel(g),
                  key: g.key,
                  align: 'right' as const,
                  render: (_: unknown, r: { indicator: string; averages: Record<string, number | null> }) =>
                    showValue(r.indicator, r.averages[g.key]),
                })),
              ]}
            />
          </Card>
        </Col>
        <Col span={24}>
          <Card
            title={title(T.unitList)}
            extra={
              <Space wrap>
                {u?.canKeep && (
                  <>
                    <ExcelImportControl
                      label={T.importList}
                      title={T.importListTitle}
                      send={uploadUnits}
                      onImported={async (n) => {
                        message.success(T.imported(n));
                        await refresh();
                      }}
                      reportTitle={T.importFailed}
                      closeText={T.close}
                    />
                    <Button onClick={() => void downloadUnitsTemplate()}>{T.template}</Button>
                  </>
                )}
                <Button onClick={() => void downloadUnits(filter.year)}>{T.exportList}</Button>
              </Space>
            }
          >
            <div className="zg-rival__picks">
              <Select
                aria-label={T.kind}
                style={{ width: 150 }}
                value={filter.kind ?? ''}
                onChange={(v) => set({ kind: (v || undefined) as Kind | undefined })}
                options={[
                  { value: '', label: T.all },
                  ...Object.entries(DOUBLE_HIGH_KINDS).map(([value, label]) => ({ value, label })),
                ]}
              />
              <Select
                aria-label={T.grade}
                style={{ width: 110 }}
                value={filter.grade ?? ''}
                onChange={(v) => set({ grade: (v || undefined) as UnitFilter['grade'] })}
                options={[
                  { value: '', label: T.all },
                  ...DOUBLE_HIGH_GRADES.map((g) => ({ value: g, label: T.gradeOf(g) })),
                ]}
              />
              <Input.Search
                aria-label={T.searchName}
                placeholder={T.searchName}
                allowClear
                style={{ width: 240 }}
                onSearch={(name) => set({ name: name.trim() || undefined })}
              />
            </div>
            <div className="zg-rival__counts">
              {u?.counts.map((c) => (
                <span key={`${c.kind}-${c.grade}`}>
                  {DOUBLE_HIGH_KINDS[c.kind]}
                  {T.gradeOf(c.grade)}：{T.recorded(c.recorded, c.expected)}
                </span>
              ))}
            </div>
            <ListTable<DoubleHighUnit>
              rowKey="id"
              rows={u?.list}
              loading={units.isFetching}
              error={units.error}
              scroll={{ x: 'max-content' }}
              pager={{ current: filter.pageNum, total: u?.total ?? 0, onChange: (pageNum) => set({ pageNum }) }}
              columns={[
                {
                  title: T.schoolName,
                  dataIndex: 'schoolName',
                  render: (name: string, r) => (
                    <Space size={4}>
                      {name}
                      {r.sample && <Tag color="orange">{T.sampleCol}</Tag>}
                    </Space>
                  ),
                },
                { title: T.schoolCode, dataIndex: 'schoolCode', render: (c: string | null) => c ?? T.noCode },
                { title: T.kind, dataIndex: 'kind', render: (k: Kind) => DOUBLE_HIGH_KINDS[k] },
                { title: T.grade, dataIndex: 'grade', render: (g: string) => T.gradeOf(g) },
                { title: T.majors, dataIndex: 'majors' },
                {
                  title: T.source,
                  dataIndex: 'source',
                  render: (s: string) =>
                    /^https:\/\//.test(s) ? (
                      <a href={s} target="_blank" rel="noreferrer noopener">
                        {s}
                      </a>
                    ) : (
                      s
                    ),
                },
              ]}
            />
          </Card>
        </Col>
      </Row>
    </div>
  );
}

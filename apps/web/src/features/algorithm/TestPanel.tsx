import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ALGORITHM_LIMITS,
  ALGORITHM_PARAM_NAMES,
  type Algorithm,
  type AlgorithmKind,
  type AlgorithmResult,
  ALGORITHM_TEXT as T,
} from '@zg/contract';
import { Alert, App, Button, Checkbox, Col, Input, InputNumber, Row, Select, Space, Tooltip, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { errorText } from '../../api/errors';
import { ALGORITHM_KEYS, fetchDimensionObjects, storeResult, testSql } from './algorithm.api';
import { extractParams, missingParams, type ParamValues, paramsToSend, placeInMessage } from './algorithm.logic';
import { useDimensionType } from './dimension-type';
import { ResultView } from './ResultView';
import type { SqlMark } from './SqlEditor';

/** 测试: a dimension object and the parameters the text uses; runs the draft (nothing stored) or stores a result. */
export function TestPanel({
  id,
  algorithm,
  draft,
  dirty,
  kind,
  onError,
}: {
  id: number | 'new';
  algorithm: Algorithm | null;
  draft: string;
  dirty: boolean;
  kind: AlgorithmKind | undefined;
  onError: (m: SqlMark | null) => void;
}) {
  const { message } = App.useApp();
  const client = useQueryClient();
  const [wdid] = useDimensionType(id);
  const [keyword, setKeyword] = useState('');
  const [values, setValues] = useState<ParamValues>({});
  const [plan, setPlan] = useState(false);
  const [result, setResult] = useState<{ r: AlgorithmResult; stored: boolean } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const used = useMemo(() => extractParams(draft), [draft]);
  const objects = useQuery({
    queryKey: ALGORITHM_KEYS.objects({ wdid, keyword }),
    queryFn: () => fetchDimensionObjects({ wdid, keyword: keyword || undefined }),
    enabled: wdid !== undefined && used.includes('objectId'),
    placeholderData: keepPreviousData,
  });
  const sent = paramsToSend(used, values);
  const missing = missingParams(used, sent);

  const fail = (e: unknown) => {
    const text = errorText(e, T.runFailed);
    setFailure(text);
    setResult(null);
    const place = placeInMessage(text);
    onError(place ? { place, message: text } : null);
  };
  const succeed = (r: AlgorithmResult, stored: boolean) => {
    setFailure(null);
    setResult({ r, stored });
    onError(null);
  };
  const test = useMutation({
    mutationFn: () => testSql({ sql: draft, sflx: kind, params: sent, plan }),
    onSuccess: (r) => succeed(r, false),
    onError: fail,
  });
  const store = useMutation({
    mutationFn: () => storeResult({ sfid: (algorithm as Algorithm).id, params: sent }),
    onSuccess: async (r) => {
      succeed(r, true);
      message.success(r.cached ? T.resultCached : T.resultStored);
      await client.invalidateQueries({ queryKey: ALGORITHM_KEYS.all });
    },
    onError: fail,
  });

  const paramInputs = used.filter((p) => p !== 'objectId');
  return (
    <div className="zg-algorithm-test">
      <Row gutter={12}>
        {used.includes('objectId') ? (
          <Col span={8}>
            <label className="zg-field-label" htmlFor="algorithm-object">
              {T.objectLabel}
            </label>
            <Select
              id="algorithm-object"
              aria-label={T.object}
              style={{ width: '100%' }}
              showSearch
              filterOption={false}
              onSearch={setKeyword}
              placeholder={wdid === undefined ? T.chooseTypeFirst : T.objectSearch}
              disabled={wdid === undefined}
              loading={objects.isFetching}
              value={values.objectId}
              onChange={(v) => setValues((s) => ({ ...s, objectId: v }))}
              allowClear
              options={objects.data?.list.map((o) => ({ value: o.dxbm, label: `${o.dxmc}（${o.dxbm}）` }))}
              notFoundContent={objects.isFetching ? T.loading : T.noObjects}
            />
          </Col>
        ) : null}
        {paramInputs.map((p) => (
          <Col span={5} key={p}>
            <label className="zg-field-label" htmlFor={`algorithm-param-${p}`}>
              {T.paramLabel(ALGORITHM_PARAM_NAMES[p], p)}
            </label>
            {p === 'year' ? (
              <InputNumber
                id={`algorithm-param-${p}`}
                style={{ width: '100%' }}
                min={1900}
                max={2200}
                precision={0}
                placeholder={T.yearPlaceholder}
                value={values.year ?? null}
                onChange={(v) => setValues((s) => ({ ...s, year: v }))}
              />
            ) : (
              <Input
                id={`algorithm-param-${p}`}
                maxLength={ALGORITHM_LIMITS.paramMax}
                value={values[p] ?? ''}
                onChange={(e) => setValues((s) => ({ ...s, [p]: e.target.value }))}
              />
            )}
          </Col>
        ))}
      </Row>
      {used.length === 0 ? <Typography.Paragraph type="secondary">{T.noParams}</Typography.Paragraph> : null}
      <Space wrap style={{ margin: '12px 0' }}>
        <Checkbox checked={plan} onChange={(e) => setPlan(e.target.checked)}>
          {T.showPlan}
        </Checkbox>
        <Tooltip
          title={missing.length ? T.fillIn(missing.map((p) => ALGORITHM_PARAM_NAMES[p]).join(T.listSeparator)) : ''}
        >
          <Button
            type="primary"
            onClick={() => test.mutate()}
            loading={test.isPending}
            disabled={!draft.trim() || missing.length > 0}
          >
            {T.test}
          </Button>
        </Tooltip>
        {algorithm ? (
          <Tooltip title={dirty ? T.saveFirst : ''}>
            <Button onClick={() => store.mutate()} loading={store.isPending} disabled={dirty || missing.length > 0}>
              {T.computeAndStore(algorithm.sfbb)}
            </Button>
          </Tooltip>
        ) : null}
      </Space>
      {failure ? <Alert type="error" showIcon message={failure} className="zg-algorithm-failure" /> : null}
      {result ? (
        <>
          {result.stored ? (
            <Alert type="success" showIcon style={{ marginBottom: 8 }} message={T.storedAs(algorithm?.sfbb)} />
          ) : null}
          <ResultView result={result.r} />
        </>
      ) : !failure ? (
        <Typography.Paragraph type="secondary">{T.testHint}</Typography.Paragraph>
      ) : null}
    </div>
  );
}

import { BENCHMARK_SCHOOLS_MAX, SCHOOL_MSG, SHELL_TEXT as T } from '@zg/contract';
import { App, Button, Card, Tag } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { ApiError } from '../../api/errors';
import { EmptyState } from '../../components/EmptyState';
import { useBenchmarkSchools, useSaveBenchmarkSchools } from '../../components/school/school.api';
import { useOpenedOnce } from '../../components/use-opened-once';

/** The school selection modal (its table, filters and settings) loads when first opened, not with the home page. */
const SchoolSelectModal = lazy(() =>
  import('../../components/school/SchoolSelectModal').then((m) => ({ default: m.SchoolSelectModal })),
);

/** The user's benchmark schools (对标院校), chosen in the school selection modal and saved on the server. */
export function BenchmarkCard() {
  const { message } = App.useApp();
  const schools = useBenchmarkSchools(true);
  const save = useSaveBenchmarkSchools();
  const [open, setOpen] = useState(false);
  const opened = useOpenedOnce(open);
  const chosen = schools.data ?? [];

  return (
    <Card
      className="zg-home__benchmark"
      title={T.benchmarkTitle}
      variant="borderless"
      loading={schools.isPending}
      extra={
        <Button type="link" onClick={() => setOpen(true)} disabled={!schools.data}>
          {chosen.length > 0 ? T.editBenchmark : T.chooseBenchmark}
        </Button>
      }
    >
      {chosen.length === 0 ? (
        <EmptyState description={T.benchmarkEmpty} />
      ) : (
        <div className="zg-home__benchmark-list">
          {chosen.map((s) => (
            <Tag key={s.schoolCode} className="zg-home__benchmark-tag">
              {s.schoolName}
              <span className="zg-home__benchmark-province">{s.schoolProvince}</span>
            </Tag>
          ))}
        </div>
      )}
      {opened && (
        <Suspense fallback={null}>
          <SchoolSelectModal
            open={open}
            title={T.chooseBenchmark}
            value={chosen}
            min={1}
            max={BENCHMARK_SCHOOLS_MAX}
            confirmLoading={save.isPending}
            onCancel={() => setOpen(false)}
            onOk={(next) =>
              save.mutate(next, {
                onSuccess: () => {
                  message.success(SCHOOL_MSG.saved);
                  setOpen(false);
                },
                onError: (error) => {
                  if (!(error instanceof ApiError && error.handled)) message.error(error.message);
                },
              })
            }
          />
        </Suspense>
      )}
    </Card>
  );
}

import { type Portrait, type PortraitKind, PORTRAIT_TEXT as T } from '@zg/contract';
import { Button, Card, Descriptions, Input, Space, type TableColumnsType, Tabs } from 'antd';
import { useState } from 'react';
import { ListTable } from '../../components/ListTable';
import { useDetailTable, useNextLink, useStudentList } from './portrait.api';
import { type PortraitAt, rowTarget } from './portrait.logic';

type Row = Record<string, unknown>;

/** Table columns from an answer's column names; the row that opens a portrait gets a 查看画像 link. */
function columnsOf(names: readonly string[], open: (at: PortraitAt) => void): TableColumnsType<Row> {
  const cols: TableColumnsType<Row> = names.map((n) => ({
    title: n,
    dataIndex: n,
    render: (v: unknown) => (v === null || v === undefined ? '—' : String(v)),
  }));
  cols.push({
    title: T.actions,
    key: '__open',
    width: 96,
    render: (_, row) => {
      const target = rowTarget(row);
      return target ? (
        <Button type="link" size="small" onClick={() => open(target)}>
          {T.open}
        </Button>
      ) : null;
    },
  });
  return names.length ? cols : [];
}

/** The children to drill into (school → colleges → majors → courses, classes, teachers), as tabs of buttons. */
function NextLinks({ kind, code, open }: { kind: PortraitKind; code: string; open: (at: PortraitAt) => void }) {
  const links = useNextLink(kind, code);
  if (!links.data?.groups.length) return null;
  return (
    <Card size="small" title={T.drill}>
      <Tabs
        items={links.data.groups.map((g) => ({
          key: g.kind,
          label: `${g.label}（${g.items.length}）`,
          children: (
            <Space wrap size={[8, 8]}>
              {g.items.map((o) => (
                <Button key={`${o.kind}-${o.code}`} size="small" onClick={() => open({ kind: o.kind, code: o.code })}>
                  {o.name}
                </Button>
              ))}
            </Space>
          ),
        }))}
      />
    </Card>
  );
}

/** A class's students, or 需关注学生 under an object: paged, searched by 学号 or name, each row opening a portrait. */
function StudentList({
  list,
  kind,
  code,
  open,
}: {
  list: 'class' | 'follow';
  kind: PortraitKind;
  code: string;
  open: (at: PortraitAt) => void;
}) {
  const [page, setPage] = useState(1);
  const [keyword, setKeyword] = useState('');
  const students = useStudentList(list, kind, code, page, keyword);
  return (
    <Card
      size="small"
      title={list === 'class' ? T.students : T.follow}
      extra={
        <Input.Search
          allowClear
          size="small"
          aria-label={T.search}
          placeholder={T.search}
          onSearch={(v) => {
            setKeyword(v.trim());
            setPage(1);
          }}
        />
      }
    >
      <ListTable<Row>
        size="small"
        rowKey={(r) => String(r.学号)}
        rows={students.data?.records}
        loading={students.isFetching}
        error={students.error}
        columns={columnsOf(students.data?.columns ?? [], open)}
        pager={{ current: page, total: students.data?.total ?? 0, pageSize: 10, onChange: setPage }}
      />
    </Card>
  );
}

/** A course's classes and results, or a teacher's teaching. */
function DetailTable({
  kind,
  code,
  open,
}: {
  kind: 'course' | 'teacher';
  code: string;
  open: (at: PortraitAt) => void;
}) {
  const detail = useDetailTable(kind, code);
  return (
    <Card size="small" title={kind === 'course' ? T.detail : T.teaching}>
      <ListTable<Row>
        size="small"
        rowKey={(r) => JSON.stringify(r)}
        rows={detail.data?.rows}
        loading={detail.isFetching}
        error={detail.error}
        columns={columnsOf(detail.data?.columns ?? [], open)}
        pager="local"
      />
    </Card>
  );
}

/** The kinds whose students are listed for following (the school and what groups students under it). */
const FOLLOWED = new Set<PortraitKind>(['school', 'college', 'major', 'class']);

/** What the portrait drills into, by its kind. */
export function PortraitDrill({ portrait, open }: { portrait: Portrait; open: (at: PortraitAt) => void }) {
  const { kind, code } = portrait.object;
  const info = Object.entries(portrait.info);
  return (
    <Space direction="vertical" size={12} className="zg-portrait-drill">
      {info.length ? (
        <Card size="small" title={T.info}>
          <Descriptions
            size="small"
            column={{ xs: 1, sm: 2, lg: 4 }}
            items={info.map(([k, v]) => ({ key: k, label: k, children: v === null ? '—' : String(v) }))}
          />
        </Card>
      ) : null}
      <NextLinks kind={kind} code={code} open={open} />
      {kind === 'class' ? <StudentList list="class" kind={kind} code={code} open={open} /> : null}
      {FOLLOWED.has(kind) ? <StudentList list="follow" kind={kind} code={code} open={open} /> : null}
      {kind === 'course' || kind === 'teacher' ? <DetailTable kind={kind} code={code} open={open} /> : null}
    </Space>
  );
}

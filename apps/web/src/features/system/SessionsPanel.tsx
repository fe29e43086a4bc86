import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { SYSTEM_ADMIN_API as API, SYSTEM_TEXT as T } from '@zg/contract';
import { Button, Input, Popconfirm, Space, Tag } from 'antd';
import { useState } from 'react';
import { call } from '../../api/endpoint';
import { ListTable } from '../../components/ListTable';
import { useSystemWrite } from './system.api';

/** 在线会话: who is signed in now (address, since, last seen), and ending one. */
export function SessionsPanel() {
  const [keyword, setKeyword] = useState('');
  const [pageNum, setPageNum] = useState(1);
  const list = useQuery({
    queryKey: ['system', 'sessions', keyword, pageNum],
    queryFn: ({ signal }) =>
      call(API.sessions, { query: { keyword: keyword || undefined, pageNum, pageSize: 20 } }, { signal }),
    placeholderData: keepPreviousData,
  });
  const end = useSystemWrite((id: string) => call(API.sessionEnd, { params: { sessionId: id } }), '会话已结束');
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Input.Search
        placeholder={T.keyword}
        aria-label={T.keyword}
        allowClear
        style={{ width: 240 }}
        onSearch={(v) => {
          setKeyword(v.trim());
          setPageNum(1);
        }}
      />
      <ListTable
        rowKey="sessionId"
        loading={list.isFetching}
        error={list.error}
        rows={list.data?.list}
        pager={{ current: pageNum, total: list.data?.total ?? 0, pageSize: 20, onChange: setPageNum }}
        columns={[
          { title: T.userId, dataIndex: 'userId', width: 110 },
          { title: T.userName, dataIndex: 'userName', width: 120 },
          { title: T.address, dataIndex: 'ip', width: 140 },
          { title: T.since, dataIndex: 'createdAt', width: 170 },
          { title: T.lastSeen, dataIndex: 'lastSeenAt', width: 170 },
          { title: T.browser, dataIndex: 'userAgent', ellipsis: true },
          {
            title: T.actions,
            width: 120,
            render: (_, s) =>
              s.current ? (
                <Tag color="blue">{T.current}</Tag>
              ) : (
                <Popconfirm title={T.confirmEnd(s.userName)} onConfirm={() => end.mutateAsync(s.sessionId)}>
                  <Button type="link" danger>
                    {T.end}
                  </Button>
                </Popconfirm>
              ),
          },
        ]}
      />
    </Space>
  );
}

import { SELF_REPORT_MSG as M, type SelfReportDetail, SELF_REPORT_TEXT as T } from '@zg/contract';
import { App, Button, Form, Input, Space, Typography } from 'antd';
import { useState } from 'react';
import { toastFailure } from '../../api/feedback';
import { EmptyState } from '../../components/EmptyState';
import { FormDialog } from '../../components/FormDialog';
import { UserPicker } from '../../components/pickers/UserPicker';
import { useDiscussion, useSelfReportActions } from './self-report.api';

/**
 * A report's discussion thread (selectDiscuss / insertdiscuss: whoever reads the report may write) and its sharing
 * with named users (share: the person in charge), in the report's drawer.
 */
export function ReportDiscussion({ report }: { report: SelfReportDetail }) {
  const { message } = App.useApp();
  const thread = useDiscussion(report.id);
  const actions = useSelfReportActions();
  const [text, setText] = useState('');
  const [sharing, setSharing] = useState(false);
  const [shareForm] = Form.useForm<{ userIds: string[] }>();
  const send = () =>
    actions.discuss
      .mutateAsync({ bgid: report.id, content: text })
      .then(() => {
        setText('');
        message.success(M.discussed);
      })
      .catch((e) => toastFailure(message, e));
  return (
    <section className="zg-self-report__discussion" aria-label={T.discussion}>
      <Space className="zg-self-report__share" wrap>
        <Typography.Text type="secondary">
          {report.sharers.length ? T.sharedWith(report.sharers.join('、')) : T.notShared}
        </Typography.Text>
        {report.abilities.share && (
          <Button size="small" onClick={() => setSharing(true)}>
            {T.share}
          </Button>
        )}
      </Space>
      <Typography.Title level={5}>{T.discussion}</Typography.Title>
      {thread.data?.length ? (
        <ul className="zg-self-report__thread">
          {thread.data.map((d) => (
            <li key={d.id}>
              <Typography.Text strong>{d.authorName ?? '—'}</Typography.Text>{' '}
              <Typography.Text type="secondary">{d.cjsj}</Typography.Text>
              <div>{d.content}</div>
            </li>
          ))}
        </ul>
      ) : (
        <EmptyState description={T.discussEmpty} />
      )}
      <Space.Compact style={{ width: '100%', marginTop: 8 }}>
        <Input.TextArea
          aria-label={T.discussLabel}
          placeholder={T.discussLabel}
          value={text}
          maxLength={1000}
          autoSize={{ minRows: 1, maxRows: 4 }}
          onChange={(e) => setText(e.target.value)}
        />
        <Button type="primary" disabled={!text.trim()} loading={actions.discuss.isPending} onClick={send}>
          {T.discussSend}
        </Button>
      </Space.Compact>
      <FormDialog<{ userIds: string[] }>
        open={sharing}
        title={T.shareTitle}
        form={shareForm}
        pending={actions.share.isPending}
        onClose={() => setSharing(false)}
        success={M.shared}
        onSubmit={(v) => actions.share.mutateAsync({ bgid: report.id, userIds: v.userIds ?? [] })}
      >
        <Form.Item
          name="userIds"
          label={T.shareUsers}
          rules={[{ required: true, type: 'array', min: 1, message: M.shareUsersRequired }]}
        >
          <UserPicker multiple aria-label={T.shareUsers} />
        </Form.Item>
      </FormDialog>
    </section>
  );
}

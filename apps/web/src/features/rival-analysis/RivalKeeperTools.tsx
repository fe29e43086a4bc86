import { RIVAL_MSG as M, RIVAL_TEXT as T } from '@zg/contract';
import { App, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { FormDialog } from '../../components/FormDialog';
import { ExcelImportControl } from '../../components/upload/ExcelImportControl';
import {
  downloadFigures,
  downloadFiguresTemplate,
  uploadFigures,
  useRefreshRivals,
  useSetOwnSchool,
} from './rival-analysis.api';

/** What the keepers (the server's `canKeep`) do on 对标分析: set 本校, import, the template; anyone exports. */
export function RivalKeeperTools({ canKeep, ownCode }: { canKeep: boolean; ownCode: string | null }) {
  const { message } = App.useApp();
  const refresh = useRefreshRivals();
  const setOwn = useSetOwnSchool();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<{ schoolCode: string }>();
  return (
    <div className="zg-rival__tools">
      {canKeep && (
        <>
          <Button onClick={() => setOpen(true)}>{T.setOwnSchool}</Button>
          <ExcelImportControl
            label={T.importFigures}
            title={T.importFiguresTitle}
            send={uploadFigures}
            onImported={async (n) => {
              message.success(T.imported(n));
              await refresh();
            }}
            reportTitle={T.importFailed}
            closeText={T.close}
          />
          <Button onClick={() => void downloadFiguresTemplate()}>{T.template}</Button>
        </>
      )}
      <Button onClick={() => void downloadFigures()}>{T.exportFigures}</Button>
      <FormDialog<{ schoolCode: string }>
        open={open}
        title={T.setOwnSchool}
        form={form}
        pending={setOwn.isPending}
        onClose={() => setOpen(false)}
        onSubmit={(v) => setOwn.mutateAsync(v.schoolCode.trim())}
        success={M.ownSchoolSaved}
        initialValues={{ schoolCode: ownCode ?? '' }}
      >
        <Form.Item name="schoolCode" label={T.ownSchoolCode} rules={[{ required: true, message: T.ownSchoolCode }]}>
          <Input maxLength={20} />
        </Form.Item>
      </FormDialog>
    </div>
  );
}

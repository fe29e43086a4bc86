import { useQuery } from '@tanstack/react-query';
import { type AdminSettingUpdate, SYSTEM_ADMIN_API as API, REFERENCE_API, SYSTEM_TEXT as T } from '@zg/contract';
import { App, Button, Form, Input, InputNumber, Space, Switch, Upload } from 'antd';
import { call, uploadTo } from '../../api/endpoint';
import { useSystemWrite } from './system.api';

/** 系统设置: the system name and logo, CAS single sign-on (with a reachability 测试), the session idle timeout. */
export function SettingsPanel() {
  const { message } = App.useApp();
  const setting = useQuery({
    queryKey: ['system', 'setting'],
    queryFn: ({ signal }) => call(API.setting, {}, { signal }),
  });
  const [form] = Form.useForm<AdminSettingUpdate>();
  const save = useSystemWrite((v: AdminSettingUpdate) => call(API.settingUpdate, { body: v }), '保存成功');
  const logo = useSystemWrite((file: File) => uploadTo(REFERENCE_API.logoUpload, {}, { file }), '保存成功');
  if (!setting.data) return null;
  const s = setting.data;
  return (
    <Form
      form={form}
      layout="vertical"
      style={{ maxWidth: 560 }}
      initialValues={{
        systemName: s.systemName,
        casEnabled: s.casEnabled,
        casServerUrl: s.casServerUrl ?? '',
        casServiceUrl: s.casServiceUrl ?? '',
        casUserAttribute: s.casUserAttribute ?? '',
        sessionIdleMinutes: s.sessionIdleMinutes,
      }}
      onFinish={(v) => save.mutate(v)}
    >
      <Form.Item name="systemName" label={T.systemName} rules={[{ required: true, message: '请输入系统名称' }]}>
        <Input />
      </Form.Item>
      <Form.Item label={T.logo}>
        <Space>
          {s.logoUrl && <img src={s.logoUrl} alt={T.logo} style={{ maxHeight: 40 }} />}
          <Upload
            accept=".png,.jpg,.jpeg,.gif,.webp"
            showUploadList={false}
            beforeUpload={(file) => {
              logo.mutate(file);
              return false;
            }}
          >
            <Button>{T.uploadLogo}</Button>
          </Upload>
        </Space>
      </Form.Item>
      <Form.Item name="casEnabled" label={T.casEnabled} valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item name="casServerUrl" label={T.casServerUrl}>
        <Input placeholder="https://cas.example.edu.cn/cas" />
      </Form.Item>
      <Form.Item name="casServiceUrl" label={T.casServiceUrl}>
        <Input placeholder="https://zg.example.edu.cn/" />
      </Form.Item>
      <Form.Item name="casUserAttribute" label={T.casUserAttribute}>
        <Input />
      </Form.Item>
      <Form.Item name="sessionIdleMinutes" label={T.idle}>
        <InputNumber min={5} max={10080} />
      </Form.Item>
      <Space>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {T.save}
        </Button>
        <Button
          onClick={async () => {
            const url = String(form.getFieldValue('casServerUrl') ?? '');
            const r = await call(API.casTest, { body: { casServerUrl: url } });
            if (r.reachable) message.success(r.message);
            else message.error(r.message);
          }}
        >
          {T.casTest}
        </Button>
      </Space>
    </Form>
  );
}

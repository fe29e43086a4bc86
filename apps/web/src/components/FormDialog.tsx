import { SHELL_TEXT as T } from '@zg/contract';
import { App, Form, type FormInstance, Modal } from 'antd';
import type { ReactNode } from 'react';
import { toastFailure } from '../api/feedback';
import { EnterSubmits } from './EnterSubmits';

/**
 * A dialog holding one vertical form: 确定 (or Enter in a single-line field) validates and sends it, the button spins
 * while it is sent, and the dialog closes with `success` once the server agrees; a failure shows the server's Chinese
 * message and keeps what was typed. Each opening starts from `initialValues` (the form is destroyed when hidden).
 */
export function FormDialog<V>({
  open,
  title,
  form,
  pending,
  onClose,
  onSubmit,
  success,
  initialValues,
  width,
  afterClose,
  children,
}: {
  open: boolean;
  title: ReactNode;
  form: FormInstance<V>;
  pending: boolean;
  onClose: () => void;
  onSubmit: (values: V) => Promise<unknown>;
  /** The toast once sent; none when undefined (the caller tells the user itself). */
  success?: string;
  initialValues?: Partial<V>;
  width?: number;
  afterClose?: () => void;
  children: ReactNode;
}) {
  const { message } = App.useApp();
  return (
    <Modal
      open={open}
      title={title}
      width={width}
      onCancel={onClose}
      destroyOnHidden
      okText={T.confirm}
      cancelText={T.cancel}
      confirmLoading={pending}
      onOk={() => form.submit()}
      afterClose={afterClose}
    >
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={initialValues}
        onFinish={(values) =>
          void onSubmit(values)
            .then(() => {
              if (success) message.success(success);
              onClose();
            })
            .catch((e) => toastFailure(message, e))
        }
      >
        {children}
        <EnterSubmits />
      </Form>
    </Modal>
  );
}

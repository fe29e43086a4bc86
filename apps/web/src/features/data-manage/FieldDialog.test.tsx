import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderUi } from '../../test/attachments';
import { mockApi, ok } from '../../test/fixtures';
import { FieldDialog } from './FieldDialog';

const S = '/api/herm-sjgl';

function Harness() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        打开
      </button>
      <FieldDialog ckbid={4} field={open ? 'new' : null} onClose={() => setOpen(false)} />
    </>
  );
}

describe('FieldDialog', () => {
  it('sends each new field as filled in, the second one too', async () => {
    const sent: unknown[] = [];
    mockApi({
      [`${S}/ckbzd/boxtype`]: () =>
        ok([
          { value: 'text', label: '文本' },
          { value: 'integer', label: '整数' },
        ]),
      [`${S}/ckbzd/wdxx`]: () => ok([]),
      [`${S}/ckbzd/insert`]: (init) => {
        const body = JSON.parse(String(init.body));
        sent.push(body);
        return ok({ ...body, id: sent.length, wdmc: null, px: sent.length });
      },
    });
    renderUi(<Harness />);
    for (const [i, [zdm, zdzwm]] of [
      ['xh', '学号'],
      ['xm', '姓名'],
    ].entries()) {
      fireEvent.click(screen.getByRole('button', { name: '打开' }));
      const dialog = await screen.findByRole('dialog');
      fireEvent.change(within(dialog).getByLabelText('字段名'), { target: { value: zdm } });
      fireEvent.change(within(dialog).getByLabelText('中文名称'), { target: { value: zdzwm } });
      fireEvent.change(await within(dialog).findByLabelText('长度'), { target: { value: '10' } });
      fireEvent.click(within(dialog).getByRole('switch', { name: '必填' }));
      fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
      await waitFor(() => expect(sent).toHaveLength(i + 1));
    }
    expect(sent).toEqual([
      { ckbid: 4, zdm: 'xh', zdzwm: '学号', zdlx: 'text', cd: 10, xsws: null, sfbt: true, sfwy: false, wdid: null },
      { ckbid: 4, zdm: 'xm', zdzwm: '姓名', zdlx: 'text', cd: 10, xsws: null, sfbt: true, sfwy: false, wdid: null },
    ]);
  });

  it('refuses a keyword as a name before sending', async () => {
    mockApi({
      [`${S}/ckbzd/boxtype`]: () => ok([{ value: 'text', label: '文本' }]),
      [`${S}/ckbzd/wdxx`]: () => ok([]),
    });
    renderUi(<Harness />);
    fireEvent.click(screen.getByRole('button', { name: '打开' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('字段名'), { target: { value: 'Select' } });
    expect(await within(dialog).findByText('“select”是数据库保留字，请换一个名称')).toBeTruthy();
  });
});

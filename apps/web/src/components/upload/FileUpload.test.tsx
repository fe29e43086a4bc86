import { fireEvent, screen } from '@testing-library/react';
import { FILE_MSG, FILE_NORMAL_LEN, uploadFailed } from '@zg/contract';
import { describe, expect, it, vi } from 'vitest';
import { renderUi, stubXhr } from '../../test/attachments';
import { FileUpload } from './FileUpload';

describe('FileUpload', () => {
  it('shows why a chunked file was refused on its first chunk and sends no more of it', async () => {
    const sent = stubXhr(() => ({
      status: 415,
      body: { meta: { success: false, message: FILE_MSG.contentMismatch }, data: null },
    }));
    const onUploaded = vi.fn();
    renderUi(<FileUpload onUploaded={onUploaded} />);
    const file = new File([new Uint8Array(FILE_NORMAL_LEN + 2 * 614400)], '资料.zip');
    fireEvent.change(screen.getByTestId('file-upload-input'), { target: { files: [file] } });
    expect(await screen.findByText(`${uploadFailed('资料.zip')} ${FILE_MSG.contentMismatch}`)).toBeTruthy();
    expect(sent).toHaveLength(1);
    expect(sent[0]?.get('chunk')).toBe('0');
    expect(sent[0]?.get('fileName')).toBe('资料.zip');
    expect(onUploaded).not.toHaveBeenCalled();
  });
});

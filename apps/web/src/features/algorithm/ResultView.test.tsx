import { screen } from '@testing-library/react';
import { ALGORITHM_MSG } from '@zg/contract';
import { describe, expect, it } from 'vitest';
import { renderUi } from '../../test/attachments';
import { ResultView } from './ResultView';

const base = { columns: [{ name: 'n', type: 'number' }], rows: [{ n: 1 }, { n: 2 }], rowCount: 2, ms: 3 };

describe('ResultView', () => {
  it('says why a cut result was cut, in the server’s words (issue 28 item 3)', () => {
    const note = ALGORITHM_MSG.truncatedBytes(5 * 1024 * 1024, 2);
    renderUi(<ResultView result={{ ...base, truncated: true, note }} />);
    expect(screen.getByText(note)).toBeTruthy();
  });

  it('shows no note for a whole result', () => {
    const note = ALGORITHM_MSG.truncatedRows(1000);
    renderUi(<ResultView result={{ ...base, truncated: false, note: null }} />);
    expect(screen.queryByText(note)).toBeNull();
    expect(screen.getAllByRole('row').length).toBeGreaterThan(2);
  });
});

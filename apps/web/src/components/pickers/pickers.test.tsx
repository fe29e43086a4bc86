import { act, fireEvent, render, renderHook, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { type ReactNode, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { setLoginRecord } from '../../api/session';
import { Providers } from '../../app/Providers';
import { failed, loginRecord, mockApi, ok } from '../../test/fixtures';
import { freshQueryClient } from '../../test/render';
import { QueryBoundary } from '../QueryBoundary';
import { UserPicker, type UserPickerProps } from './UserPicker';
import { useDebouncedValue } from './use-debounced-value';
import { YearPicker } from './YearPicker';
import { rangeWithStart, type YearRange, YearRangePicker } from './YearRangePicker';
import { decadeStart, formatYear, hasNextDecade, hasPrevDecade, isYearDisabled, toYear } from './year';

function wrap(node: ReactNode) {
  return render(
    <Providers queryClient={freshQueryClient()}>
      <QueryBoundary>{node}</QueryBoundary>
    </Providers>,
  );
}

/** The panel the picker named `label` has open. */
function panelOf(label: string) {
  const id = screen.getByRole('combobox', { name: label }).getAttribute('aria-controls');
  const panel = id ? document.getElementById(id) : null;
  if (!panel) throw new Error(`${label}: no open panel`);
  return panel;
}

/** The 10 year buttons of the open panel. */
function panelYears(label = '年份') {
  const grid = panelOf(label).querySelector('.zg-year-panel__grid') as HTMLElement;
  return within(grid).getAllByRole('button');
}

/** A year picker kept in state. */
function Controlled({ initial, disabledDate }: { initial: number | null; disabledDate?: (y: number) => boolean }) {
  const [year, setYear] = useState<number | null>(initial);
  return (
    <>
      <YearPicker aria-label="年份" value={year} onChange={setYear} disabledDate={disabledDate} />
      <output data-testid="year">{String(year)}</output>
    </>
  );
}

/** A year range kept in state. */
function Range() {
  const [range, setRange] = useState<YearRange>([null, null]);
  return (
    <>
      <YearRangePicker value={range} onChange={setRange} />
      <output data-testid="range">{JSON.stringify(range)}</output>
    </>
  );
}

/** A single user picker kept in state, showing what it picked. */
function Picker(props: Partial<UserPickerProps>) {
  const [value, setValue] = useState<string | undefined>();
  const [name, setName] = useState('');
  return (
    <App>
      <UserPicker
        aria-label="负责人"
        value={value}
        onChange={(id, user) => {
          setValue(id);
          setName(user?.userName ?? '');
        }}
        {...(props as object)}
      />
      <output data-testid="picked">{`${value ?? ''}|${name}`}</output>
    </App>
  );
}

describe('year helpers', () => {
  it('puts a year on its 10-year panel and keeps to 1969-2098', () => {
    expect(decadeStart(2017)).toBe(2010);
    expect(decadeStart(2020)).toBe(2020);
    expect(isYearDisabled(1968)).toBe(true);
    expect(isYearDisabled(1969)).toBe(false);
    expect(isYearDisabled(2098)).toBe(false);
    expect(isYearDisabled(2099)).toBe(true);
    expect(isYearDisabled(2020, (y) => y % 2 === 0)).toBe(true);
    expect(hasPrevDecade(1970)).toBe(true);
    expect(hasPrevDecade(1960)).toBe(false);
    expect(hasNextDecade(2080)).toBe(true);
    expect(hasNextDecade(2090)).toBe(false);
    expect(formatYear(2026)).toBe('2026');
    expect(formatYear(null)).toBe('');
    expect(toYear('2026')).toBe(2026);
    expect(toYear('2026-09-01')).toBe(2026);
    expect(toYear('')).toBeNull();
  });
});

describe('YearPicker', () => {
  it('opens on the 2010s when empty (default year 2017), pages by ten and picks a year as YYYY', async () => {
    wrap(<Controlled initial={null} />);
    const input = screen.getByRole('combobox', { name: '年份' });
    expect(input).toHaveProperty('placeholder', '请选择年份');
    fireEvent.click(input);
    await waitFor(() => expect(panelYears()).toHaveLength(10));
    expect(screen.getByText('2010-2019')).toBeTruthy();
    expect(panelYears().map((b) => b.textContent)).toEqual(Array.from({ length: 10 }, (_, i) => String(2010 + i)));
    fireEvent.click(screen.getByRole('button', { name: '下一个十年' }));
    expect(screen.getByText('2020-2029')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '2026' }));
    expect(screen.getByTestId('year').textContent).toBe('2026');
    expect(input).toHaveProperty('value', '2026');
  });

  it('blocks years outside 1969-2098 and the arrows past them', async () => {
    wrap(<Controlled initial={1969} />);
    fireEvent.click(screen.getByRole('combobox', { name: '年份' }));
    await waitFor(() => expect(screen.getByText('1960-1969')).toBeTruthy());
    const years = panelYears();
    expect(years.slice(0, 9).every((b) => (b as HTMLButtonElement).disabled)).toBe(true);
    expect((years[9] as HTMLButtonElement).disabled).toBe(false);
    expect(screen.getByRole('button', { name: '上一个十年' })).toHaveProperty('disabled', true);
    fireEvent.click(years[0] as HTMLElement);
    expect(screen.getByTestId('year').textContent).toBe('1969');
  });

  it('stops at 2098 and obeys the extra disabled-date rule', async () => {
    wrap(<Controlled initial={2095} disabledDate={(y) => y === 2096} />);
    fireEvent.click(screen.getByRole('combobox', { name: '年份' }));
    await waitFor(() => expect(screen.getByText('2090-2099')).toBeTruthy());
    const byYear = (y: number) => screen.getByRole('button', { name: String(y) }) as HTMLButtonElement;
    expect(byYear(2096).disabled).toBe(true);
    expect(byYear(2098).disabled).toBe(false);
    expect(byYear(2099).disabled).toBe(true);
    expect(screen.getByRole('button', { name: '下一个十年' })).toHaveProperty('disabled', true);
    expect(byYear(2095).getAttribute('aria-pressed')).toBe('true');
  });

  it('clears with the clear icon without opening the panel', () => {
    wrap(<Controlled initial={2020} />);
    fireEvent.click(screen.getByRole('button', { name: '清除' }));
    expect(screen.getByTestId('year').textContent).toBe('null');
    expect(document.querySelector('.zg-year-panel')).toBeNull();
    expect(screen.queryByRole('button', { name: '清除' })).toBeNull();
  });
});

describe('YearRangePicker', () => {
  it('sets the end to the start when a start is chosen with no end', () => {
    expect(rangeWithStart([null, null], 2024)).toEqual([2024, 2024]);
    expect(rangeWithStart([null, 2030], 2024)).toEqual([2024, 2030]);
    expect(rangeWithStart([2020, 2022], 2025)).toEqual([2025, 2025]);
    expect(rangeWithStart([2020, 2022], null)).toEqual([null, 2022]);
  });

  it('fills both pickers from the start and keeps the end from going before it', async () => {
    wrap(<Range />);
    fireEvent.click(screen.getByRole('combobox', { name: '开始年份' }));
    await waitFor(() => expect(panelYears('开始年份')).toHaveLength(10));
    fireEvent.click(within(panelOf('开始年份')).getByRole('button', { name: '2015' }));
    expect(screen.getByTestId('range').textContent).toBe('[2015,2015]');
    expect(screen.getByRole('combobox', { name: '结束年份' })).toHaveProperty('value', '2015');

    fireEvent.click(screen.getByRole('combobox', { name: '结束年份' }));
    await waitFor(() => expect(panelYears('结束年份')).toHaveLength(10));
    const end = within(panelOf('结束年份'));
    expect(end.getByRole('button', { name: '2014' })).toHaveProperty('disabled', true);
    fireEvent.click(end.getByRole('button', { name: '2018' }));
    expect(screen.getByTestId('range').textContent).toBe('[2015,2018]');
  });
});

describe('useDebouncedValue', () => {
  it('settles only after the value has rested for the delay', () => {
    vi.useFakeTimers();
    const { result, rerender } = renderHook(({ v }) => useDebouncedValue(v, 300), { initialProps: { v: 'a' } });
    rerender({ v: 'ab' });
    act(() => vi.advanceTimersByTime(200));
    rerender({ v: 'abc' });
    act(() => vi.advanceTimersByTime(299));
    expect(result.current).toBe('a');
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe('abc');
  });
});

describe('UserPicker', () => {
  const USERS = [
    { userId: 'rwfzr01', userName: '张伟' },
    { userId: 'rwfzr02', userName: '张敏' },
    { userId: 'fbr01', userName: '李明' },
  ];

  function searchApi() {
    return mockApi({
      '/api/user/search': (_init, url) => {
        const name = url.searchParams.get('name') ?? '';
        const found = USERS.filter((u) => u.userId.includes(name) || u.userName.includes(name));
        return ok({ list: found, total: found.length, pageNum: 1, pageSize: 100 });
      },
    });
  }

  const searches = (fetchMock: ReturnType<typeof mockApi>) =>
    fetchMock.mock.calls
      .map(([u]) => new URL(String(u), 'http://localhost'))
      .filter((u) => u.pathname === '/api/user/search');

  it('lists 工号 and name, searches once the typing rests, with page 1 of 100', async () => {
    setLoginRecord(loginRecord);
    const fetchMock = searchApi();
    wrap(<Picker />);
    const box = screen.getByRole('combobox', { name: '负责人' });
    fireEvent.mouseDown(box);
    await waitFor(() => expect(screen.getByText('李明')).toBeTruthy());
    const first = searches(fetchMock)[0];
    expect(first?.searchParams.get('pageNum')).toBe('1');
    expect(first?.searchParams.get('pageSize')).toBe('100');
    expect(first?.searchParams.has('name')).toBe(false);

    fireEvent.change(box, { target: { value: '张' } });
    fireEvent.change(box, { target: { value: '张伟' } });
    await waitFor(() => expect(screen.queryByText('李明')).toBeNull());
    // The two keystrokes came within 300 ms: one search, for the whole word.
    expect(searches(fetchMock).map((u) => u.searchParams.get('name'))).toEqual([null, '张伟']);
    expect(screen.getByText('rwfzr01')).toBeTruthy();
    fireEvent.click(screen.getByText('张伟'));
    expect(screen.getByTestId('picked').textContent).toBe('rwfzr01|张伟');
    expect(document.querySelector('.zg-user-picker')?.textContent).toContain('rwfzr01 张伟');
  });

  it('names a value it was given before any search', () => {
    setLoginRecord(loginRecord);
    searchApi();
    wrap(<UserPicker value="fbr01" users={[{ userId: 'fbr01', userName: '李明' }]} />);
    expect(document.querySelector('.zg-user-picker')?.textContent).toContain('fbr01 李明');
  });

  it('picks several users in multiple mode', async () => {
    setLoginRecord(loginRecord);
    searchApi();
    const changes: string[][] = [];
    wrap(
      <App>
        <UserPicker multiple aria-label="协作人" value={['fbr01']} onChange={(ids) => changes.push(ids)} />
      </App>,
    );
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '协作人' }));
    await waitFor(() => expect(screen.getByText('张敏')).toBeTruthy());
    fireEvent.click(screen.getByText('张敏'));
    expect(changes).toEqual([['fbr01', 'rwfzr02']]);
  });

  it("shows the server's message when the search fails", async () => {
    setLoginRecord(loginRecord);
    mockApi({ '/api/user/search': () => failed(500, '人员服务暂不可用') });
    wrap(<Picker />);
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '负责人' }));
    await waitFor(() => expect(screen.getByText('人员服务暂不可用')).toBeTruthy());
    expect(screen.getByText('未找到匹配的人员')).toBeTruthy();
  });
});

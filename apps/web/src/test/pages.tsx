import { render, screen } from '@testing-library/react';
import type { LoginRecord } from '@zg/contract';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { onTestFinished, vi } from 'vitest';
import { setLoginRecord } from '../api/session';
import { Providers } from '../app/Providers';
import type { CategoryData, ChartClick, PieSlice } from '../components/charts';
import { QueryBoundary } from '../components/QueryBoundary';
import { failed, loginRecord, POLICY_DEFAULTS } from './fixtures';
import { freshQueryClient } from './render';

type Reply = { status: number; body: unknown };
type Handler = (init: RequestInit, url: URL) => Reply;

/** A file the stubbed server sends: its bytes and the name in its Content-Disposition. */
export interface SentFile {
  name: string;
  bytes: Uint8Array;
  type: string;
}

/**
 * Stubs fetch: `routes` answer JSON envelopes, `files` answer a file download; anything else 404.
 * Returns the mock, and the URLs asked, for assertions.
 */
export function stubApi(routes: Record<string, Handler>, files: Record<string, (url: URL) => SentFile> = {}) {
  const asked: URL[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    asked.push(url);
    const file = files[url.pathname];
    if (file) {
      const f = file(url);
      return new Response(f.bytes as BodyInit, {
        status: 200,
        headers: {
          'Content-Type': f.type,
          'Content-Disposition': `attachment; filename*=UTF-8''${encodeURIComponent(f.name)}`,
        },
      });
    }
    const handler = routes[url.pathname] ?? POLICY_DEFAULTS[url.pathname];
    const { status, body } = handler ? handler(init, url) : failed(404, '请求的资源不存在');
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  const calls = (path: string) => asked.filter((u) => u.pathname === path);
  /** The form fields of the POSTs to `path`, in order. */
  const posted = (path: string) =>
    fetchMock.mock.calls
      .filter(([u]) => new URL(String(u), 'http://localhost').pathname === path)
      .map(([, init]) => new URLSearchParams(String((init as RequestInit).body ?? '')));
  return { fetchMock, asked, calls, posted };
}

/** Catches the files the page saves (the object URL handed to a link with `download`). */
export function catchSavedFiles() {
  const saved: { name: string; blob: Blob }[] = [];
  const blobs = new Map<string, Blob>();
  let n = 0;
  const original = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
  URL.createObjectURL = (blob: Blob) => {
    n += 1;
    const href = `blob:test/${n}`;
    blobs.set(href, blob as Blob);
    return href;
  };
  URL.revokeObjectURL = () => {};
  onTestFinished(() => {
    URL.createObjectURL = original.create;
    URL.revokeObjectURL = original.revoke;
  });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const blob = blobs.get(this.href);
    if (blob) saved.push({ name: this.download, blob });
  });
  return saved;
}

/** Renders a page with the app's providers and a router (at `url`, say `/x?rwzt=waitAccept`), signed in as `record`. */
export function renderPageAs(ui: ReactNode, record: LoginRecord = loginRecord, url?: string) {
  setLoginRecord(record);
  return render(
    <Providers queryClient={freshQueryClient()}>
      <QueryBoundary>
        <MemoryRouter initialEntries={url ? [url] : undefined}>{ui}</MemoryRouter>
      </QueryBoundary>
    </Providers>,
  );
}

/** A login record of a demo user: roles, menus and departments headed. */
export function recordOf(
  userId: string,
  userName: string,
  opts: { roles?: string[]; menus?: string[]; heads?: { bmid: string; bmmc: string }[] } = {},
): LoginRecord {
  const heads = opts.heads ?? [];
  return {
    ...loginRecord,
    userId,
    userName,
    roles: (opts.roles ?? []).map((roleId) => ({ roleId, roleName: roleId })),
    roleIdList: opts.roles ?? [],
    roleNameList: opts.roles ?? [],
    menus: Object.fromEntries((opts.menus ?? ['homePage', 'wbs', 'annualWbs']).map((m) => [m, ''])),
    chargeDeparmentList: heads.map((h) => h.bmmc),
    chargeDeparmentIdList: heads.map((h) => h.bmid),
    newChargeDeparmentList: heads.map((h) => ({ ...h, fzrmc: userName })),
    newChargeDeparmentIdList: heads.map((h) => h.bmid),
  };
}

/**
 * Stand-ins for the chart wrappers (ECharts has no layout in jsdom): each item is a button that reports a click the
 * way the wrapper does, so a page's drill-down can be driven. Used as `vi.mock('../components/charts', ...)`.
 */
export const chartStubs = {
  PieChart: ({ label, data, onClick }: { label: string; data: PieSlice[]; onClick?: (c: ChartClick) => void }) => (
    <div role="img" aria-label={label}>
      {data
        .filter((s) => s.value > 0)
        .map((s, i) => (
          <button
            key={s.name}
            type="button"
            onClick={() => onClick?.({ name: s.name, dataIndex: i, seriesIndex: 0, data: s })}
          >{`${label}:${s.name}=${s.value}`}</button>
        ))}
    </div>
  ),
  BarChart: ({ label, data, onClick }: { label: string; data: CategoryData; onClick?: (c: ChartClick) => void }) => (
    <div role="img" aria-label={label}>
      {data.categories.map((c, i) => (
        <button
          key={c}
          type="button"
          onClick={() => onClick?.({ name: c, dataIndex: i, seriesIndex: 0, data: data.series[0]?.data[i] })}
        >{`${label}:${c}=${data.series.map((s) => s.data[i]).join('/')}`}</button>
      ))}
    </div>
  ),
  CircularGauge: ({ percent, label }: { percent?: number; label?: string }) => (
    <div role="img" aria-label={`${label} ${percent}%`} />
  ),
};

/**
 * The button whose text (spaces removed: antd spaces out two-character labels) or aria-label is `label`, in
 * `container`. Much quicker than getByRole on antd's large trees; throws when there is none.
 */
export function btn(label: string, container: ParentNode = document.body): HTMLButtonElement {
  const found = Array.from(container.querySelectorAll('button')).find(
    (b) => b.textContent?.replace(/\s/g, '') === label || b.getAttribute('aria-label') === label,
  );
  if (!found) throw new Error(`no button ${label}`);
  return found;
}

/** The drawer holding `text`. */
export function drawerWith(text: string): HTMLElement {
  const drawer = Array.from(document.querySelectorAll<HTMLElement>('.ant-drawer')).find((d) =>
    d.textContent?.includes(text),
  );
  if (!drawer) throw new Error(`no drawer with ${text}`);
  return drawer;
}

/** The modal holding `text`. */
export function modalWith(text: string): HTMLElement {
  const modal = Array.from(document.querySelectorAll<HTMLElement>('.ant-modal')).find((m) =>
    m.textContent?.includes(text),
  );
  if (!modal) throw new Error(`no dialog with ${text}`);
  return modal;
}

/** `ui` mounted at `path` below a route `pattern` (say `/dataCollection/*`), as the app mounts a page that routes itself. */
export function mountedAt(pattern: string, path: string, ui: ReactNode) {
  return (
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path={pattern} element={ui} />
      </Routes>
    </MemoryRouter>
  );
}

/** The dialog (a modal or a confirmation) whose title is `text`, once it shows. */
export async function dialogTitled(text: string): Promise<HTMLElement> {
  const titles = await screen.findAllByText(text, { selector: '.ant-modal-title, .ant-modal-confirm-title' });
  return titles[0]!.closest('.ant-modal') as HTMLElement;
}

/** The JSON body a stubbed route received. */
export const sentJson = (init: RequestInit) => JSON.parse(String(init.body));

import { SHELL_TEXT as T } from '@zg/contract';
import { CloseIcon } from '../../components/icons';

export interface OpenTab {
  /** The page (its sidebar line's path): the tab's key. */
  path: string;
  label: string;
  /** Where the user last was on that page (the page itself or a detail below it). */
  at: string;
}

/**
 * The pages opened in this visit (spec-1 section 2's tab bar): a link per page, the current one marked, each with
 * its own close button once there are two. Links and buttons in a named navigation landmark, rather than ARIA tabs:
 * these switch pages, they do not show panels, and a tab may not hold a second control.
 */
export function PageTabs({
  tabs,
  active,
  onOpen,
  onClose,
}: {
  tabs: OpenTab[];
  active: string | undefined;
  onOpen: (path: string) => void;
  onClose: (path: string) => void;
}) {
  return (
    <nav className="zg-pagetabs" aria-label={T.openPages}>
      {tabs.map((tab) => {
        const current = tab.path === active;
        return (
          <div key={tab.path} className={current ? 'zg-pagetab zg-pagetab--active' : 'zg-pagetab'}>
            <a
              className="zg-pagetab__link"
              href={`#${tab.at}`}
              aria-current={current ? 'page' : undefined}
              onClick={(event) => {
                event.preventDefault();
                onOpen(tab.path);
              }}
            >
              {tab.label}
            </a>
            {tabs.length > 1 && (
              <button
                type="button"
                className="zg-pagetab__close"
                aria-label={`${T.closeTab}${tab.label}`}
                onClick={() => onClose(tab.path)}
              >
                <CloseIcon />
              </button>
            )}
          </div>
        );
      })}
    </nav>
  );
}

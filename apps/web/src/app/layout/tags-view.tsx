import { useEffect, useRef } from 'react';
import type { KeyboardEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Dropdown, theme } from 'antd';
import type { MenuProps } from 'antd';
import { CloseOutlined, DownOutlined, ReloadOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { confirmLeavingPage } from '../../lib/unsaved-changes.ts';
import { useTags, type TVisitedTag } from '../../stores/tags.ts';
import { closeAllTags, closeOtherTags, closeTag, refreshTag } from './tags-actions.ts';
import { fillUnderWhiteText } from '../../components/layout/contrast.ts';

type TTagAction = 'refresh' | 'close' | 'closeOthers' | 'closeAll';

/** SPEC 2 tags view: the pages visited this session, each reopened by a click. */
export function TagsView() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  // white text on the theme colour: the shade of it that reaches 4.5:1
  const activeFill = fillUnderWhiteText(token.colorPrimary);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { pathname } = useLocation();
  const visited = useTags((s) => s.visited);
  const activeRef = useRef<HTMLSpanElement>(null);

  // The page's tag scrolled into view in the frame before the next paint, not in the commit that drew
  // it: scrolling measures the page, and measured mid-commit it laid the whole new page out once more
  // before its first paint (issue 21).
  useEffect(() => {
    const frame = requestAnimationFrame(() =>
      activeRef.current?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' }),
    );
    return () => cancelAnimationFrame(frame);
  }, [pathname]);

  const run = (action: TTagAction, tag: TVisitedTag) => {
    // closing or refreshing the page on screen drops what its form holds: ask first (lib/unsaved-changes.ts)
    const leaves = action === 'closeAll' || (action === 'closeOthers') !== (tag.path === pathname);
    if (leaves) confirmLeavingPage(() => apply(action, tag));
    else apply(action, tag);
  };

  const apply = (action: TTagAction, tag: TVisitedTag) => {
    let to: string | undefined;
    if (action === 'refresh') {
      // marks cached data stale without fetching now: the re-mounted page fetches it afresh
      void queryClient.invalidateQueries({ refetchType: 'none' });
      to = refreshTag(tag, pathname);
    } else if (action === 'close') to = closeTag(tag.path, pathname);
    else if (action === 'closeOthers') to = closeOtherTags(tag.path, pathname);
    else to = closeAllTags(pathname);
    if (to) navigate(to);
  };

  const menuFor = (tag: TVisitedTag): MenuProps => ({
    items: [
      { key: 'refresh', icon: <ReloadOutlined />, label: t('layout:tags.refresh') },
      ...(tag.affix ? [] : [{ key: 'close', icon: <CloseOutlined />, label: t('layout:tags.close') }]),
      { key: 'closeOthers', label: t('layout:tags.closeOthers') },
      { key: 'closeAll', label: t('layout:tags.closeAll') },
    ],
    onClick: ({ key, domEvent }) => {
      domEvent.stopPropagation();
      run(key as TTagAction, tag);
    },
  });

  const onKeyDown = (tag: TVisitedTag) => (e: KeyboardEvent) => {
    if ((e.key === 'Delete' || e.key === 'Backspace') && !tag.affix) {
      e.preventDefault();
      run('close', tag);
    }
  };

  return (
    <nav className="ra-tags" aria-label={t('layout:tags.label')}>
      <ul className="ra-tags__list">
        {visited.map((tag) => {
          const active = tag.path === pathname;
          const title = t(`route:${tag.titleKey}`);
          return (
            <li key={tag.path}>
              <Dropdown menu={menuFor(tag)} trigger={['contextMenu']}>
                <span
                  ref={active ? activeRef : undefined}
                  data-tag-path={tag.path}
                  className={active ? 'ra-tag ra-tag--active' : 'ra-tag'}
                  style={
                    active
                      ? { background: activeFill, borderColor: activeFill, color: token.colorWhite }
                      : { borderColor: token.colorBorder, color: token.colorText, background: token.colorBgContainer }
                  }
                >
                  <Link
                    className="ra-tag__link"
                    to={tag.fullPath}
                    aria-current={active ? 'page' : undefined}
                    onKeyDown={onKeyDown(tag)}
                  >
                    {title}
                  </Link>
                  {active && (
                    // the right-click menu, for keyboard and touch users
                    <Dropdown menu={menuFor(tag)} trigger={['click']} autoFocus>
                      <button type="button" className="ra-tag__btn" aria-label={t('layout:tags.actions', { title })}>
                        <DownOutlined />
                      </button>
                    </Dropdown>
                  )}
                  {!tag.affix && (
                    <button
                      type="button"
                      className="ra-tag__btn"
                      aria-label={t('layout:tags.closeTag', { title })}
                      onClick={() => run('close', tag)}
                    >
                      <CloseOutlined />
                    </button>
                  )}
                </span>
              </Dropdown>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

import { useCallback, useLayoutEffect, useRef } from 'react';
import { useBlocker } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { confirm } from './confirm-store';

/**
 * Keeps an editor's unsaved changes from being lost on the way out: a link in the app, the sidebar
 * or Back asks "Leave without saving?" first, and closing or reloading the tab gets the browser's
 * own question (browsers show no page text there). The editor says where it stands as two texts,
 * its draft and what was last saved (e.g. both as JSON): they differ, it is unsaved.
 * `saveFirst`, for an editor that saves by itself, gets the chance to save before anyone is asked.
 * The returned `allowLeaving` lets the editor's own navigation through after a save or a deletion
 * (before its state says it is clean), for this draft only: a change typed after it is guarded again.
 */
export function useUnsavedChangesGuard(draft: string, saved: string, saveFirst?: () => Promise<boolean>) {
  const { t } = useTranslation('common');
  const latest = useRef({ draft, saved, saveFirst, allowed: null as string | null });
  useLayoutEffect(() => {
    Object.assign(latest.current, { draft, saved, saveFirst });
  });
  const mustAsk = useCallback(() => {
    const { draft: current, saved: last, allowed } = latest.current;
    return current !== last && current !== allowed;
  }, []);

  const shouldBlockFn = useCallback(async () => {
    if (!mustAsk()) return false;
    if (latest.current.saveFirst && (await latest.current.saveFirst())) return false;
    const leave = await confirm({
      title: t('unsaved.title'),
      message: t('unsaved.message'),
      okText: t('unsaved.leave'),
      cancelText: t('unsaved.stay'),
      danger: true,
    });
    return !leave;
  }, [mustAsk, t]);
  useBlocker({ shouldBlockFn, enableBeforeUnload: mustAsk });

  return useCallback(() => {
    latest.current.allowed = latest.current.draft;
  }, []);
}

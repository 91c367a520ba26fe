import { useCallback, useLayoutEffect, useRef } from 'react';
import { useBlocker } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { confirm } from './confirm-store';

/**
 * Keeps an editor's unsaved changes from being lost on the way out: a link in the app, the sidebar
 * or Back asks "Leave without saving?" first, and closing or reloading the tab gets the browser's
 * own question (browsers show no page text there). `saveFirst`, for an editor that saves by
 * itself, gets the chance to save before anyone is asked. The returned `allowLeaving` lets the
 * editor's own navigation after a successful save through, before its state says it is clean.
 */
export function useUnsavedChangesGuard(dirty: boolean, saveFirst?: () => Promise<boolean>) {
  const { t } = useTranslation('common');
  const dirtyRef = useRef(dirty);
  const saveFirstRef = useRef(saveFirst);
  useLayoutEffect(() => {
    dirtyRef.current = dirty;
    saveFirstRef.current = saveFirst;
  });

  const shouldBlockFn = useCallback(async () => {
    if (!dirtyRef.current) return false;
    if (saveFirstRef.current && (await saveFirstRef.current())) return false;
    const leave = await confirm({
      title: t('unsaved.title'),
      message: t('unsaved.message'),
      okText: t('unsaved.leave'),
      cancelText: t('unsaved.stay'),
      danger: true,
    });
    return !leave;
  }, [t]);
  const enableBeforeUnload = useCallback(() => dirtyRef.current, []);
  useBlocker({ shouldBlockFn, enableBeforeUnload });

  return useCallback(() => {
    dirtyRef.current = false;
  }, []);
}

import { useEffect } from 'react';
import { onlineManager, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { Bookmark } from 'lucide-react';
import { useCurrentUser, useSessionStore } from '../../../lib/session';
import { requireLogin } from '../../../lib/login-popup';
import { usePendingIntent } from '../../../lib/pending-intent';
import type { SavableType } from '../../../../shared/entity-types';
import { savedCheckQuery } from '../api/get-saved-check';
import { registerSavedMutations, useSaveMutation } from '../api/toggle-saved';
import { EARLY_TAP_ATTRIBUTE, useEarlyTap } from '../../../lib/early-tap';
import styles from './saved.module.css';

let registered = false;

export interface SavedToggleProps {
  entityId: string;
  entityTypeCode: SavableType;
  /** what is saved, for the accessible name ("Save Café Lumière") */
  name: string;
  /** icon only (cards) or icon and text */
  compact?: boolean;
}

/**
 * Saved toggle: not saved ⇄ saved on create/delete, optimistic, queued while
 * offline (and resumed after a reload); signed out it opens the login-required popup.
 *
 * (perf) The server renders nobody signed in (lib/session.ts renderWithSessionStatus) and runs no
 * effect or click: there it renders the same markup (not saved) without the query and mutation
 * observers a card's toggle would otherwise make on every render.
 */
export function SavedToggle(props: SavedToggleProps) {
  return import.meta.env.SSR ? <ServerSavedToggle {...props} /> : <LiveSavedToggle {...props} />;
}

function ServerSavedToggle({ entityId, name, compact = false }: SavedToggleProps) {
  const { t } = useTranslation('saved');
  return savedToggleButton({ [EARLY_TAP_ATTRIBUTE]: `save:${entityId}` }, false, compact, t, name);
}

function LiveSavedToggle({ entityId, entityTypeCode, name, compact = false }: SavedToggleProps) {
  const { t } = useTranslation('saved');
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const check = useQuery({ ...savedCheckQuery(user?.id ?? '', entityId), enabled: Boolean(user) });
  const mutation = useSaveMutation();
  const saved = Boolean(user && check.data?.saved);
  const status = useSessionStore((session) => session.status);
  // a tap before hydration is replayed once the toggle knows what it means (who, and saved or not)
  const earlyTap = useEarlyTap(`save:${entityId}`, status === 'signedOut' || Boolean(user && check.data), saved);

  useEffect(() => {
    if (registered) return;
    registered = true;
    registerSavedMutations(queryClient);
    if (onlineManager.isOnline()) void queryClient.resumePausedMutations();
  }, [queryClient]);

  const onClick = (event: React.MouseEvent) => {
    event.preventDefault();
    event.stopPropagation();
    if (!user) {
      requireLogin(t('loginToSave'), `save:${entityId}`);
      return;
    }
    mutation.mutate({ userId: user.id, entityId, entityTypeCode, save: !saved });
  };
  // a Save that asked the visitor to log in or sign up is done once they are back, signed in
  usePendingIntent(`save:${entityId}`, Boolean(user && check.data), () => {
    if (user && !saved) mutation.mutate({ userId: user.id, entityId, entityTypeCode, save: true });
  });

  return savedToggleButton(earlyTap, saved, compact, t, name, onClick);
}

/** The toggle's markup, the same on the server and in the browser (hydration); positional: the public entry's bytes. */
function savedToggleButton(
  earlyTap: { ref?: React.Ref<HTMLButtonElement>; [EARLY_TAP_ATTRIBUTE]: string },
  saved: boolean,
  compact: boolean,
  t: TFunction<'saved'>,
  name: string,
  onClick?: (event: React.MouseEvent) => void,
) {
  const label = saved ? t('unsaveNamed', { name }) : t('saveNamed', { name });
  return (
    <button
      {...earlyTap}
      type="button"
      className={[styles.toggle, compact && styles.compact, saved && styles.saved].filter(Boolean).join(' ')}
      aria-pressed={saved}
      aria-label={label}
      title={label}
      onClick={onClick}
      data-testid="saved-toggle"
    >
      <Bookmark size={compact ? 18 : 20} aria-hidden="true" fill={saved ? 'currentColor' : 'none'} />
      {!compact && <span>{saved ? t('saved') : t('save')}</span>}
    </button>
  );
}

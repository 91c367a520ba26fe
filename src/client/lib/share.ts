import { useRouter } from '@tanstack/react-router';
import { i18next } from './i18n';
import { toast } from './toast-store';

export interface ShareData {
  title?: string;
  text?: string;
  url?: string;
}

/**
 * The site's origin for links that leave it (share, calendar): the router's, which is the browser's, and the
 * configured public URL while server rendering, so the first HTML already carries absolute links (React keeps a
 * server-rendered attribute at hydration: a relative one would stay).
 */
export function usePublicOrigin(): string {
  return useRouter().origin;
}

export type ShareResult = 'shared' | 'cancelled' | 'messaging' | 'copied' | 'failed';

/** Desktop-mode detection: a screen of 1024×768 or smaller (either way round) is mobile. */
export function isMobileScreen(width = window.screen?.width ?? 0, height = window.screen?.height ?? 0): boolean {
  if (!width || !height) return false;
  return Math.max(width, height) <= 1024 && Math.min(width, height) <= 768;
}

export function messagingLink({ title, text, url }: ShareData): string {
  const body = [text || title, url].filter(Boolean).join(' ');
  return `https://wa.me/?text=${encodeURIComponent(body)}`;
}

async function copyText(value: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(value);
      return true;
    }
  } catch {
    // fall through to the selection fallback (insecure context, denied permission)
  }
  try {
    const area = document.createElement('textarea');
    area.value = value;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.append(area);
    area.select();
    const ok = document.execCommand('copy');
    area.remove();
    return ok;
  } catch {
    return false;
  }
}

/**
 * Share action: the native share sheet when there is one, else a messaging
 * (WhatsApp) link on mobile, else copy the link and say so.
 */
export async function share(data: ShareData): Promise<ShareResult> {
  const payload: ShareData = { ...data, url: data.url ?? window.location.href };
  if (typeof navigator.share === 'function' && (navigator.canShare?.(payload) ?? true)) {
    try {
      await navigator.share(payload);
      return 'shared';
    } catch (error) {
      if ((error as Error)?.name === 'AbortError') return 'cancelled';
      // any other failure: fall back below
    }
  }
  if (isMobileScreen()) {
    window.open(messagingLink(payload), '_blank', 'noopener,noreferrer');
    return 'messaging';
  }
  if (await copyText(payload.url!)) {
    toast.success(i18next.t('share.copied', { ns: 'common' }));
    return 'copied';
  }
  toast.error(i18next.t('share.failed', { ns: 'common' }));
  return 'failed';
}

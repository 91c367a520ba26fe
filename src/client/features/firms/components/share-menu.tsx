import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Download, QrCode, Share2 } from 'lucide-react';
import { share } from '../../../lib/share';
import { useEarlyTap } from '../../../lib/early-tap';
import { Modal } from '../../../components/ui/modal';
import { buttonClass } from '../../../components/ui/button';
import { IconButton } from '../../../components/ui/icon-button';
import { qrCodeUrl } from '../api/get-qr-code';
import styles from './firm.module.css';

/** Share menu of a firm page: share the link, see the QR code, download it as SVG or PNG. */
export function ShareMenu({ username, name, url }: { username: string; name: string; url: string }) {
  const { t } = useTranslation('firm');
  const [open, setOpen] = useState(false);
  const [qrOpen, setQrOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const earlyTap = useEarlyTap(`share:${username}`);
  const menuRef = useRef<HTMLDivElement>(null);

  // By keyboard (WAI-ARIA menu button): opening focuses the first item, arrows / Home / End move,
  // Escape closes and gives focus back to the button, Tab closes and moves on.
  useEffect(() => {
    if (open) menuRef.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
  }, [open]);

  const onMenuKey = (event: React.KeyboardEvent<HTMLDivElement>) => {
    const items = [...event.currentTarget.querySelectorAll<HTMLElement>('[role="menuitem"]')];
    const index = items.indexOf(document.activeElement as HTMLElement);
    const next: Record<string, number> = { ArrowDown: index + 1, ArrowUp: index - 1, Home: 0, End: items.length - 1 };
    if (event.key in next) {
      event.preventDefault();
      items[(next[event.key] + items.length) % items.length]?.focus();
    } else if (event.key === 'Tab') setOpen(false);
  };

  useEffect(() => {
    if (!open) return;
    const onDown = (event: PointerEvent) => {
      if (!ref.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      earlyTap.ref.current?.focus();
    };
    document.addEventListener('pointerdown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open, earlyTap.ref]);

  const downloads = (
    <>
      <a
        role="menuitem"
        className={styles.menuItem}
        href={qrCodeUrl(username, 'svg')}
        download={`souk-${username}-qr.svg`}
        onClick={() => setOpen(false)}
      >
        <Download size={18} aria-hidden="true" /> {t('qrSvg')}
      </a>
      <a
        role="menuitem"
        className={styles.menuItem}
        href={qrCodeUrl(username, 'png')}
        download={`souk-${username}-qr.png`}
        onClick={() => setOpen(false)}
      >
        <Download size={18} aria-hidden="true" /> {t('qrPng')}
      </a>
    </>
  );

  return (
    <div className={styles.menuWrap} ref={ref}>
      <IconButton {...earlyTap} label={t('share')} aria-haspopup="menu" aria-expanded={open} onClick={() => setOpen((value) => !value)}>
        <Share2 size={20} aria-hidden="true" />
      </IconButton>
      {open && (
        // the focus moves onto the menu items when it opens; their arrow keys bubble up to the menu
        // eslint-disable-next-line jsx-a11y/interactive-supports-focus
        <div role="menu" className={styles.menu} aria-label={t('share')} ref={menuRef} onKeyDown={onMenuKey}>
          <button
            type="button"
            role="menuitem"
            className={styles.menuItem}
            onClick={() => {
              setOpen(false);
              void share({ title: name, text: name, url });
            }}
          >
            <Share2 size={18} aria-hidden="true" /> {t('shareLink')}
          </button>
          <button
            type="button"
            role="menuitem"
            className={styles.menuItem}
            onClick={() => {
              setOpen(false);
              setQrOpen(true);
            }}
          >
            <QrCode size={18} aria-hidden="true" /> {t('showQr')}
          </button>
          {downloads}
        </div>
      )}
      <Modal open={qrOpen} onClose={() => setQrOpen(false)} title={t('qrTitle', { name })} size="small">
        <div className={styles.qrBody}>
          <img src={qrCodeUrl(username, 'svg')} alt={t('qrAlt', { name })} width={240} height={240} className={styles.qrImage} />
          <p className={styles.muted}>{url}</p>
          <div className={styles.qrActions}>
            <a className={buttonClass({ variant: 'primary' })} href={qrCodeUrl(username, 'png')} download={`souk-${username}-qr.png`}>
              <Download size={18} aria-hidden="true" /> PNG
            </a>
            <a className={buttonClass({ variant: 'secondary' })} href={qrCodeUrl(username, 'svg')} download={`souk-${username}-qr.svg`}>
              <Download size={18} aria-hidden="true" /> SVG
            </a>
          </div>
        </div>
      </Modal>
    </div>
  );
}

import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Flashlight, FlashlightOff } from 'lucide-react';
import type QrScanner from 'qr-scanner';
import { Button } from '../../../components/ui/button';
import styles from './checkin.module.css';

/** The same code seen again within this time is the same scan (the holder still in front of the camera). */
const REPEAT_MS = 3000;

/**
 * The camera, read by qr-scanner (loaded only when this screen opens), with the torch where the
 * camera has one.
 */
export function QrCamera({ onCode }: { onCode: (code: string) => void }) {
  const { t } = useTranslation('workspace');
  const video = useRef<HTMLVideoElement>(null);
  const seen = useEffectEvent((code: string) => onCode(code));
  const [scanner, setScanner] = useState<QrScanner | null>(null);
  const [torch, setTorch] = useState<{ available: boolean; on: boolean }>({ available: false, on: false });
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let stopped = false;
    let instance: QrScanner | undefined;
    let last = { code: '', at: 0 };
    void import('qr-scanner')
      .then(async ({ default: Scanner }) => {
        if (stopped || !video.current) return;
        instance = new Scanner(
          video.current,
          (result) => {
            const now = Date.now();
            if (result.data === last.code && now - last.at < REPEAT_MS) return;
            last = { code: result.data, at: now };
            seen(result.data);
          },
          { preferredCamera: 'environment', maxScansPerSecond: 10, returnDetailedScanResult: true },
        );
        await instance.start();
        if (stopped) return instance.destroy();
        setScanner(instance);
        setTorch({ available: await instance.hasFlash(), on: false });
      })
      .catch(() => setFailed(true));
    return () => {
      stopped = true;
      instance?.destroy();
    };
  }, []);

  const toggleTorch = async () => {
    if (!scanner) return;
    await scanner.toggleFlash();
    setTorch({ available: true, on: scanner.isFlashOn() });
  };

  return (
    <div className={styles.camera}>
      <video ref={video} className={styles.video} muted playsInline aria-label={t('checkin.camera')} />
      {failed && <p className={styles.cameraProblem}>{t('checkin.noCamera')}</p>}
      {torch.available && (
        <Button type="button" variant="secondary" className={styles.torch} onClick={() => void toggleTorch()} aria-pressed={torch.on}>
          {torch.on ? <FlashlightOff size={18} aria-hidden="true" /> : <Flashlight size={18} aria-hidden="true" />}
          {torch.on ? t('checkin.torchOff') : t('checkin.torchOn')}
        </Button>
      )}
    </div>
  );
}

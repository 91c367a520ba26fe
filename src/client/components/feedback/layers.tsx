import { useLiveConnection } from '../../lib/live-events';
import { OfflineOverlay } from './offline-overlay';
import { ToastArea } from './toast-area';
import { ConfirmDialog } from './confirm-dialog';
import { ImageModal } from './image-modal';
import { LoginPopup } from './login-popup';
import { UpdatePrompt } from './update-prompt';

/**
 * The layers above the page (update prompt, offline overlay, toasts, login popup, image modal,
 * confirmation dialog) and the live events of a signed-in visitor. None of them is part of a
 * page's first paint: the app shell loads this chunk once the page is live, so it stays out of the
 * entry (their stores, lib/*-store, take calls made before it arrives and it shows them then).
 */
export default function Layers() {
  // live events (the bell, messages) while someone is signed in
  useLiveConnection();
  return (
    <>
      <UpdatePrompt />
      <OfflineOverlay />
      <ToastArea />
      <LoginPopup />
      <ImageModal />
      <ConfirmDialog />
    </>
  );
}

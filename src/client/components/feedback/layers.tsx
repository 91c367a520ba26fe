import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLiveConnection } from '../../lib/live-events';
import { whenIdle } from '../../lib/when-idle';
import { industriesQuery } from '../../lib/industries';
import { useHeadSync } from '../../lib/head-sync';
import { useFeatureFlagWatch } from '../../lib/feature-flag-watch';
import { useWorksOffline } from '../../lib/works-offline';
import { captureInstallPrompt, INSTALL_PROMPT } from '../../lib/install-prompt';
import { OfflineOverlay } from './offline-overlay';
import { ToastArea } from './toast-area';
import { ConfirmDialog } from './confirm-dialog';
import { ImageModal } from './image-modal';
import { LoginPopup } from './login-popup';
import { UpdatePrompt } from './update-prompt';

/**
 * The layers above the page (update prompt, offline overlay, toasts, login popup, image modal,
 * confirmation dialog), the live events of a signed-in visitor and the head's sync with navigation. None of them is part of a
 * page's first paint: the app shell loads this chunk once the page is live, so it stays out of the
 * entry (their stores, lib/*-store, take calls made before it arrives and it shows them then).
 */
// the browser's install offer on a page the server did not render (its head script keeps it on the others)
captureInstallPrompt(INSTALL_PROMPT);

/**
 * The industries load at start, like the feature flags (the spec): the explore pages then open on them at once, and
 * offline too, as the query cache is kept on the device. Once idle: the page's own requests come first.
 */
function useIndustriesAtStart() {
  const queryClient = useQueryClient();
  useEffect(() => whenIdle(() => void queryClient.prefetchQuery(industriesQuery())), [queryClient]);
}

export default function Layers() {
  // live events (the bell, messages) while someone is signed in
  useLiveConnection();
  // the head follows in-app navigation (the server rendered the first page's)
  useHeadSync();
  // an admin's switch reaches the open tab without a reload
  useFeatureFlagWatch();
  useIndustriesAtStart();
  const worksOffline = useWorksOffline();
  return (
    <>
      <UpdatePrompt />
      <OfflineOverlay worksOffline={worksOffline} />
      <ToastArea />
      <LoginPopup />
      <ImageModal />
      <ConfirmDialog />
    </>
  );
}

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isMobileScreen, messagingLink, share } from './share';
import { useToastStore } from './toast-store';

const data = { title: 'Jazz night', text: 'Jazz night at Café Nour', url: 'https://souk.example/event/ab12cd34' };

function setScreen(width: number, height: number) {
  Object.defineProperty(window, 'screen', { configurable: true, value: { width, height } });
}

describe('share', () => {
  let open: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    useToastStore.setState({ toasts: [] });
    open = vi.fn();
    vi.stubGlobal('open', open);
    setScreen(1920, 1080);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    // remove what a test put on navigator
    for (const key of ['share', 'canShare', 'clipboard'] as const) delete (navigator as unknown as Record<string, unknown>)[key];
  });

  it('uses the native share sheet when there is one', async () => {
    const nativeShare = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'share', { configurable: true, value: nativeShare });
    await expect(share(data)).resolves.toBe('shared');
    expect(nativeShare).toHaveBeenCalledWith(data);
    expect(open).not.toHaveBeenCalled();
  });

  it('does nothing more when the user cancels the share sheet', async () => {
    const abort = Object.assign(new Error('cancelled'), { name: 'AbortError' });
    Object.defineProperty(navigator, 'share', { configurable: true, value: vi.fn().mockRejectedValue(abort) });
    await expect(share(data)).resolves.toBe('cancelled');
    expect(open).not.toHaveBeenCalled();
  });

  it('opens a WhatsApp link on a mobile-sized screen without native share', async () => {
    setScreen(390, 844);
    await expect(share(data)).resolves.toBe('messaging');
    expect(open).toHaveBeenCalledWith(messagingLink(data), '_blank', 'noopener,noreferrer');
    expect(messagingLink(data)).toBe(
      `https://wa.me/?text=${encodeURIComponent('Jazz night at Café Nour https://souk.example/event/ab12cd34')}`,
    );
  });

  it('copies the link and says so on a desktop screen', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    await expect(share(data)).resolves.toBe('copied');
    expect(writeText).toHaveBeenCalledWith(data.url);
    expect(useToastStore.getState().toasts[0]).toMatchObject({ type: 'success' });
  });

  it('treats 1024×768 or smaller, either way round, as mobile', () => {
    expect(isMobileScreen(1024, 768)).toBe(true);
    expect(isMobileScreen(768, 1024)).toBe(true);
    expect(isMobileScreen(390, 844)).toBe(true);
    expect(isMobileScreen(1280, 800)).toBe(false);
    expect(isMobileScreen(1025, 768)).toBe(false);
  });
});

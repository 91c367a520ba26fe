import { create } from 'zustand';

interface ImageModalState {
  image: { src: string; alt: string } | null;
  open(src: string, alt?: string): void;
  close(): void;
}

/** The full-screen image viewer of the shell. */
export const useImageModalStore = create<ImageModalState>((set) => ({
  image: null,
  open: (src, alt = '') => set({ image: { src, alt } }),
  close: () => set({ image: null }),
}));

export const openImage = (src: string, alt?: string) => useImageModalStore.getState().open(src, alt);

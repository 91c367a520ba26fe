import { beforeEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../../lib/signed-storage';
import { firmToEnter, forgetFirm, rememberedFirm, rememberFirm } from './selection-store';

beforeEach(() => localStorage.clear());

describe('the remembered firm (signed storage, hashed)', () => {
  it('keeps no firm id in the clear and finds it again among the employments', () => {
    rememberFirm('u1', 'firm-42');
    const raw = localStorage.getItem(STORAGE_KEYS.selectedFirm)!;
    expect(raw).not.toContain('firm-42');
    expect(JSON.parse(raw)).toHaveProperty('signature');
    expect(rememberedFirm('u1', ['firm-7', 'firm-42'])).toBe('firm-42');
  });

  it('means nothing to another account, nor once the employment is gone', () => {
    rememberFirm('u1', 'firm-42');
    expect(rememberedFirm('u2', ['firm-42'])).toBeUndefined();
    expect(rememberedFirm('u1', ['firm-7'])).toBeUndefined();
  });

  it('drops a tampered value and forgets on request', () => {
    rememberFirm('u1', 'firm-42');
    const envelope = JSON.parse(localStorage.getItem(STORAGE_KEYS.selectedFirm)!);
    localStorage.setItem(STORAGE_KEYS.selectedFirm, JSON.stringify({ ...envelope, value: 'x' }));
    expect(rememberedFirm('u1', ['firm-42'])).toBeUndefined();
    expect(localStorage.getItem(STORAGE_KEYS.selectedFirm)).toBeNull();
    rememberFirm('u1', 'firm-42');
    forgetFirm();
    expect(rememberedFirm('u1', ['firm-42'])).toBeUndefined();
  });
});

describe('the firm the workspace opens on without asking', () => {
  it('is the remembered one, else the only one, else none (the dialog asks)', () => {
    expect(firmToEnter('u1', ['firm-7'])).toBe('firm-7');
    expect(firmToEnter('u1', ['firm-7', 'firm-42'])).toBeUndefined();
    expect(firmToEnter('u1', [])).toBeUndefined();
    rememberFirm('u1', 'firm-42');
    expect(firmToEnter('u1', ['firm-7', 'firm-42'])).toBe('firm-42');
  });
});

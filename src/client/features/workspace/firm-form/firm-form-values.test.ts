import { describe, expect, it } from 'vitest';
import { emptyFirmValues, inputOf, mapLink, suggestUsername, validateFirm } from './firm-form-values';

const filled = () => ({
  ...emptyFirmValues(),
  name: 'Café Dar Nour',
  username: 'dar-nour',
  industryKey: 'foodandbeverage',
  categoryKey: 'cafe',
  timezone: 'Africa/Casablanca',
});

describe('the firm form', () => {
  it('suggests a username from the name', () => {
    expect(suggestUsername('Café Dar Nour')).toBe('cafe-dar-nour');
    expect(suggestUsername('  Pages & Co. ')).toBe('pages-co');
    expect(suggestUsername('مقهى')).toBe('');
  });

  it('checks with the shared schema: a filled form passes, each bad field is named', () => {
    expect(validateFirm(filled(), 'create')).toEqual({});
    const errors = validateFirm({ ...filled(), name: 'A', username: 'explore', website: 'ftp://x', latitude: '91' }, 'create');
    expect(Object.keys(errors).sort()).toEqual(['latitude', 'name', 'username', 'website']);
    expect(errors.username?.message).toBe('validation.usernameReserved');
    // editing has no username to check
    expect(validateFirm({ ...filled(), username: '' }, 'edit')).toEqual({});
  });

  it('sends numbers as numbers and blanks as nothing', () => {
    const input = inputOf({ ...filled(), latitude: '34,06', longitude: '', minAge: '18' });
    expect(input).toMatchObject({ latitude: 34.06, longitude: null, minAge: 18 });
    expect(validateFirm({ ...filled(), latitude: 'north' }, 'create').latitude).toBeDefined();
  });

  it('links the map to the coordinates, else to the address', () => {
    expect(mapLink({ latitude: '34.06', longitude: '-4.97', addressLine: '', city: '', country: '' })).toContain('mlat=34.06&mlon=-4.97');
    expect(mapLink({ latitude: '', longitude: '', addressLine: '12 Place', city: 'Fès', country: '' })).toBe(
      'https://www.openstreetmap.org/search?query=12%20Place%2C%20F%C3%A8s',
    );
    expect(mapLink({ latitude: '', longitude: '', addressLine: ' ', city: '', country: '' })).toBeNull();
  });
});

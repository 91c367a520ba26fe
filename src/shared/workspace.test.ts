import { describe, expect, it } from 'vitest';
import { createFirmSchema, firmProfileInputSchema, inviteSchema, isTimeZone, usernameProblem } from './workspace';

describe('username rules (the same as /{username})', () => {
  it('accepts 3 to 40 letters, digits, dots, dashes and underscores, starting and ending with a letter or digit', () => {
    expect(usernameProblem('cafe-lumiere')).toBeUndefined();
    expect(usernameProblem('Dar.Nour_2')).toBeUndefined();
    expect(usernameProblem('abc')).toBeUndefined();
    expect(usernameProblem('a'.repeat(40))).toBeUndefined();
  });

  it('calls malformed names invalid', () => {
    for (const name of ['ab', 'a'.repeat(41), '-cafe', 'cafe-', 'café', 'cafe lumiere', 'cafe/x', '', '..a']) {
      expect(usernameProblem(name), name).toBe('invalid');
    }
  });

  it('calls route words reserved, in any case', () => {
    for (const name of ['workspace', 'Explore', 'PROFILE', 'create-firm', 'business', 'api']) {
      expect(usernameProblem(name), name).toBe('reserved');
    }
  });

  it('is what the create-firm schema enforces, with its own messages', () => {
    const base = { name: 'Dar Nour', industryKey: 'foodandbeverage', categoryKey: 'cafe', timezone: 'Europe/Paris' };
    expect(createFirmSchema.safeParse({ ...base, username: 'dar-nour' }).success).toBe(true);
    const reserved = createFirmSchema.safeParse({ ...base, username: 'events' });
    expect(reserved.success).toBe(false);
    expect(reserved.error?.issues[0].message).toBe('validation.usernameReserved');
    const invalid = createFirmSchema.safeParse({ ...base, username: 'dar nour' });
    expect(invalid.error?.issues[0].message).toBe('validation.usernameFormat');
  });
});

describe('the firm profile input', () => {
  const base = { name: 'Dar Nour', industryKey: 'foodandbeverage', categoryKey: 'cafe', timezone: 'Africa/Casablanca' };

  it('turns blank optional fields into null and refuses unknown time zones', () => {
    const parsed = firmProfileInputSchema.parse({ ...base, phone: '', email: '', website: '', city: '  ' });
    expect(parsed).toMatchObject({ phone: null, email: null, website: null, city: null, openingHours: [], description: '' });
    expect(firmProfileInputSchema.safeParse({ ...base, timezone: 'Mars/Olympus' }).success).toBe(false);
    expect(isTimeZone('Europe/Paris')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
  });

  it('refuses a website that is not http(s) and a malformed phone', () => {
    expect(firmProfileInputSchema.safeParse({ ...base, website: 'javascript:alert(1)' }).success).toBe(false);
    expect(firmProfileInputSchema.safeParse({ ...base, phone: 'call me' }).success).toBe(false);
    expect(firmProfileInputSchema.parse({ ...base, website: 'https://darnour.ma', phone: '+212 5 22 00 00 00' }).website).toBe(
      'https://darnour.ma',
    );
  });
});

describe('an invitation', () => {
  it('names exactly one of an email or a flip', () => {
    expect(inviteSchema.safeParse({ email: 'Omar@Example.com', userRole: 'STAFF' }).data?.email).toBe('omar@example.com');
    expect(inviteSchema.safeParse({ flip: 'omar.benali', userRole: 'MANAGER' }).success).toBe(true);
    expect(inviteSchema.safeParse({ userRole: 'STAFF' }).success).toBe(false);
    expect(inviteSchema.safeParse({ email: 'a@b.co', flip: 'x', userRole: 'STAFF' }).success).toBe(false);
    expect(inviteSchema.safeParse({ email: 'a@b.co', userRole: 'ADMIN' }).success).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { PersonAvatar } from './person-avatar';

describe('PersonAvatar', () => {
  it('shows up to two initials without a picture, and is hidden from assistive technology (the name is beside it)', () => {
    const { container } = render(<PersonAvatar name="layla  haddad amrani" imagePath={null} />);
    const avatar = container.firstElementChild!;
    expect(avatar.textContent).toBe('LH');
    expect(avatar.getAttribute('aria-hidden')).toBe('true');
  });

  it("draws a firm's picture as a rounded square and a person's as a circle", () => {
    const firm = render(<PersonAvatar name="Atelier Indigo" imagePath="abc" shape="square" />).container.firstElementChild!;
    const person = render(<PersonAvatar name="Omar" imagePath="abc" />).container.firstElementChild!;
    expect(firm.className).toMatch(/square/);
    expect(person.className).not.toMatch(/square/);
    expect(firm.querySelector('img')?.getAttribute('alt')).toBe('');
  });
});

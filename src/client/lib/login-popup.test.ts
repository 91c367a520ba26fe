import { describe, expect, it } from 'vitest';
import { loginHref, requireLogin, signupHref, useLoginPopupStore } from './login-popup';
import { takeIntent } from './pending-intent';

describe('loginHref', () => {
  it('sets go to the current path without its leading slash', () => {
    expect(loginHref('/event/ab12cd34')).toBe('/login?go=event%2Fab12cd34');
    expect(new URLSearchParams(loginHref('/profile/saved').split('?')[1]).get('go')).toBe('profile/saved');
  });

  it('keeps the query string of the current page inside go', () => {
    const href = loginHref('/explore', '?category=food');
    expect(new URLSearchParams(href.split('?').slice(1).join('?')).get('go')).toBe('explore?category=food');
  });

  it('leaves go out on the home page and on the login page itself', () => {
    expect(loginHref('/')).toBe('/login');
    expect(loginHref('')).toBe('/login');
    expect(loginHref('/login')).toBe('/login');
    expect(loginHref('/login', '?go=explore')).toBe('/login');
    expect(loginHref('/signup', '?go=explore')).toBe('/login');
  });

  it('has a signup twin that comes back the same way', () => {
    expect(signupHref('/CafeLumiere')).toBe('/signup?go=CafeLumiere');
    expect(signupHref('/login', '?go=explore')).toBe('/signup');
  });
});

describe('requireLogin', () => {
  it('opens the popup with an optional reason', () => {
    requireLogin('Log in to save this event.');
    expect(useLoginPopupStore.getState()).toMatchObject({ open: true, reason: 'Log in to save this event.' });
    useLoginPopupStore.getState().hide();
    expect(useLoginPopupStore.getState().open).toBe(false);
  });

  it('remembers what was tried, and a later request without one drops it', () => {
    requireLogin('Log in to follow.', 'follow:f1');
    requireLogin('Log in to save.');
    expect(takeIntent('follow:f1')).toBe(false);
    requireLogin('Log in to follow.', 'follow:f1');
    expect(takeIntent('follow:f1')).toBe(true);
    useLoginPopupStore.getState().hide();
  });
});

import { describe, expect, it } from 'vitest';
import { authSearch, exploreSearch, maintenanceSearch, pagedSearch, passwordSearch, searchSearch } from './search-params';
import {
  billingSearch,
  tillSearch,
  businessSearch,
  notificationsSearch,
  orderSearch,
  peopleSearch,
  planSearch,
  reportSearch,
} from './signed-in-search-params';

// The router hands the parsers JSON-parsed values: `?page=2` arrives as 2, `?openNow=true` as true.
describe('route search params', () => {
  it('keeps valid values and drops the keys it has nothing for', () => {
    expect(authSearch({ go: '/profile', view: 'terms' })).toEqual({ go: '/profile', view: 'terms' });
    expect(authSearch({})).toEqual({});
    expect(Object.keys(exploreSearch({ name: 'cafe' }))).toEqual(['name']);
  });

  it('drops a value that fails its check instead of failing the page', () => {
    expect(authSearch({ go: 'x'.repeat(2001), view: 'cookies' })).toEqual({});
    expect(authSearch({ go: 42 })).toEqual({});
    expect(passwordSearch({ email: 'a@b.c', code: '12345' })).toEqual({ email: 'a@b.c' });
    expect(passwordSearch({ email: 'a@b.c', code: '123456' })).toEqual({ email: 'a@b.c', code: '123456' });
    expect(passwordSearch({ code: 123456 })).toEqual({});
    expect(passwordSearch({ code: '1234567' })).toEqual({});
  });

  it('checks integers and their bounds', () => {
    expect(pagedSearch({ page: 3 })).toEqual({ page: 3 });
    expect(pagedSearch({ page: 0 })).toEqual({});
    expect(pagedSearch({ page: 1.5 })).toEqual({});
    expect(pagedSearch({ page: '2' })).toEqual({});
    expect(exploreSearch({ age: 150, page: 10_000 })).toEqual({ age: 150, page: 10_000 });
    expect(exploreSearch({ age: 151, page: 10_001 })).toEqual({});
    expect(exploreSearch({ age: -1 })).toEqual({});
    expect(searchSearch({ page: 10_000 })).toEqual({ page: 10_000 });
    expect(searchSearch({ page: 10_001 })).toEqual({});
  });

  it('reads booleans only as booleans', () => {
    expect(exploreSearch({ openNow: true })).toEqual({ openNow: true });
    expect(exploreSearch({ openNow: false })).toEqual({ openNow: false });
    expect(exploreSearch({ openNow: 'yes' })).toEqual({});
  });

  it('trims where the schema trimmed, then checks the length', () => {
    expect(searchSearch({ q: '  falafel  ' })).toEqual({ q: 'falafel' });
    expect(searchSearch({ q: ` ${'x'.repeat(100)} ` })).toEqual({ q: 'x'.repeat(100) });
    expect(searchSearch({ q: 'x'.repeat(101) })).toEqual({});
    expect(maintenanceSearch({ feature: ' orders ' })).toEqual({ feature: 'orders' });
    expect(maintenanceSearch({ feature: 'x'.repeat(61) })).toEqual({});
    // not trimmed: the explore name filter keeps what was typed
    expect(exploreSearch({ name: ' cafe ' })).toEqual({ name: ' cafe ' });
  });

  it('accepts only the listed options', () => {
    expect(searchSearch({ type: 'dishes' })).toEqual({ type: 'dishes' });
    expect(searchSearch({ type: 'people' })).toEqual({});
    expect(notificationsSearch({ tab: 'settings' })).toEqual({ tab: 'settings' });
    expect(notificationsSearch({ tab: 'inbox' })).toEqual({});
    expect(peopleSearch({ tab: 'blocked' })).toEqual({ tab: 'blocked' });
    expect(peopleSearch({ tab: 'friends' })).toEqual({});
    expect(reportSearch({ type: 'firm', id: 'abc', name: 'Cafe' })).toEqual({ type: 'firm', id: 'abc', name: 'Cafe' });
    expect(reportSearch({ type: 'planet', id: 'x'.repeat(65), name: 'y'.repeat(201) })).toEqual({});
    expect(orderSearch({ from: 'payment', cancelled: 1 })).toEqual({ from: 'payment', cancelled: 1 });
    expect(orderSearch({ from: 'elsewhere', cancelled: 7 })).toEqual({});
    expect(businessSearch({ invitation: 'inv_1' })).toEqual({ invitation: 'inv_1' });
    expect(businessSearch({ invitation: 'x'.repeat(101) })).toEqual({});
    expect(billingSearch({ order: 'ord_1' })).toEqual({ order: 'ord_1' });
    expect(billingSearch({ order: 42 })).toEqual({});
    expect(tillSearch({ card: 'SK-4F7Q2M' })).toEqual({ card: 'SK-4F7Q2M' });
    expect(tillSearch({ card: 7 })).toEqual({});
    expect(planSearch({ canceled: 1 })).toEqual({ canceled: '1' });
    expect(planSearch({ canceled: 'yes' })).toEqual({});
    // an inherited name is not an option
    expect(peopleSearch({ tab: 'toString' })).toEqual({});
  });
});

import { describe, expect, it } from 'vitest';
import { renderNotification } from './texts';

describe('notification texts', () => {
  it('say an order sent from a table is brought to it, and one from the counter is to collect', () => {
    const params = { firmName: 'Dar Nour', orderReference: 'SOUK-7K2P' };
    expect(renderNotification('en', 'order.ready', { ...params, table: 'Table 7' })).toEqual({
      title: 'Your order is on its way',
      body: 'Dar Nour is bringing order SOUK-7K2P to Table 7.',
    });
    expect(renderNotification('fr', 'order.ready', { ...params, table: 'Table 7' }).body).toBe(
      'Dar Nour apporte la commande SOUK-7K2P à Table 7.',
    );
    // in Arabic each value keeps its own direction
    expect(renderNotification('ar', 'order.ready', { ...params, table: 'Table 7' }).body).toBe(
      'يحضر \u2068Dar Nour\u2069 الطلب \u2068SOUK-7K2P\u2069 إلى \u2068Table 7\u2069.',
    );
    // no table, and the notifications stored before tables were named: to collect
    for (const counter of [{ ...params, table: '' }, params])
      expect(renderNotification('en', 'order.ready', counter)).toEqual({
        title: 'Your order is ready',
        body: 'Dar Nour has order SOUK-7K2P ready for you to collect.',
      });
  });
});

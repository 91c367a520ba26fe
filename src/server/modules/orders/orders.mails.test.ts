import { describe, expect, it } from 'vitest';
import { renderMail } from '../../lib/mail';
import { orderPaidMail } from './orders.mails';

/**
 * The paid order's mail says what was bought and how it is handed over, with the words of what
 * the order holds: a shop order never speaks of tickets, a ticket order keeps them, a mixed one has both.
 */
const base = {
  firstName: 'Léa',
  reference: 'SK-4F7Q2M',
  title: 'Pages & Co',
  when: null,
  lines: [['Mug x 2', '€24.00']] as const,
  discount: null,
  total: '€28.50',
  url: 'https://souk.test/profile/orders/SK-4F7Q2M',
  forFriends: false,
};
const pickup = { method: 'pickup' as const, address: '1 Rue de la Paix, Paris', hours: '', readyFrom: 'Monday 12:30', fee: null };
const delivery = {
  method: 'delivery' as const,
  address: 'Léa Martin, 12 Rue Oberkampf, 75011 Paris, FR',
  hours: '',
  readyFrom: null,
  fee: '€4.50',
};

describe('the paid order mail', () => {
  it('tells a shop pickup where and from when to collect, never of tickets', () => {
    const mail = renderMail(orderPaidMail, 'en', { ...base, contents: 'shop', handover: pickup });
    expect(mail.text).toContain('Collect it at 1 Rue de la Paix, Paris, ready from Monday 12:30. Pickup during opening hours.');
    expect(mail.text).toContain('See my order');
    expect(mail.text).not.toMatch(/ticket/i);
  });

  it('tells a delivery where it comes and lists its fee, in the buyer’s language', () => {
    const en = renderMail(orderPaidMail, 'en', { ...base, contents: 'shop', handover: delivery });
    expect(en.text).toContain('It will be delivered to Léa Martin, 12 Rue Oberkampf, 75011 Paris, FR.');
    expect(en.text).toContain('Delivery: €4.50');
    const fr = renderMail(orderPaidMail, 'fr', { ...base, contents: 'shop', handover: delivery });
    expect(fr.text).toContain('Elle sera livrée à l’adresse suivante');
    const ar = renderMail(orderPaidMail, 'ar', { ...base, contents: 'shop', handover: delivery });
    expect(ar.text).toContain('سيُوصَل إلى');
  });

  it('keeps the tickets’ words for a ticket order, and both for a mixed one', () => {
    const tickets = renderMail(orderPaidMail, 'en', {
      ...base,
      title: 'Jazz night',
      when: 'Friday 20:00',
      contents: 'tickets',
      handover: null,
    });
    expect(tickets.text).toContain('See you at Jazz night on Friday 20:00.');
    expect(tickets.text).toContain('Open my tickets');
    const mixed = renderMail(orderPaidMail, 'en', {
      ...base,
      title: 'Jazz night',
      when: 'Friday 20:00',
      contents: 'mixed',
      handover: pickup,
    });
    expect(mixed.text).toContain('See you at Jazz night');
    expect(mixed.text).toContain('Collect it at 1 Rue de la Paix');
  });

  it('lists the promo code’s discount before the total, in the buyer’s language', () => {
    const discount = { code: 'SPRING20', amount: '-€4.80' };
    const en = renderMail(orderPaidMail, 'en', { ...base, contents: 'shop', handover: pickup, discount, total: '€19.20' });
    expect(en.text).toMatch(/Mug x 2: €24\.00\s+Discount \(SPRING20\): -€4\.80\s+Total: €19\.20/);
    const fr = renderMail(orderPaidMail, 'fr', { ...base, contents: 'shop', handover: pickup, discount });
    expect(fr.text).toContain('Remise (SPRING20): -€4.80');
    const ar = renderMail(orderPaidMail, 'ar', { ...base, contents: 'shop', handover: pickup, discount });
    expect(ar.text).toContain('الخصم');
  });
});

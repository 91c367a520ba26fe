import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { formatMoney } from '../../../shared/dates';
import {
  chosenHandover,
  deliveryAddressLine,
  handoverFee,
  inDeliveryZone,
  type DeliveryAddress,
  type FulfilmentOptions,
  type HandoverMethod,
  type OrderHandover,
} from '../../../shared/fulfilment';
import { createFulfilmentService } from '../fulfilment/fulfilment.service';
import { problem } from './order-context';

/** How a cart's goods reach the buyer, decided at checkout: what the firm offers, the buyer's choice, the fee. */
export interface Handover {
  method: HandoverMethod;
  address: string;
  hours: string;
  preparationMinutes: number;
  feeMinor: number;
}

interface HandoverInput {
  handover?: HandoverMethod;
  deliveryAddress?: DeliveryAddress;
}

function delivered(options: FulfilmentOptions, address: DeliveryAddress | undefined, subtotal: number): Handover {
  const delivery = options.delivery!;
  if (!address) {
    throw problem(422, 'delivery_address_required', 'A delivery needs the address to bring it to.', {
      deliveryAddress: ['validation.required'],
    });
  }
  if (!inDeliveryZone(delivery.postcodes, address.postalCode)) {
    throw problem(422, 'outside_delivery_zone', `This business does not deliver to ${address.postalCode}.`, {
      'deliveryAddress.postalCode': ['validation.outsideDeliveryZone'],
    });
  }
  if (subtotal < delivery.minimumMinor) {
    throw problem(
      422,
      'below_delivery_minimum',
      `Delivery starts from an order of ${formatMoney(delivery.minimumMinor, options.currency)}; this one is ${formatMoney(subtotal, options.currency)}.`,
      { minimumMinor: [String(delivery.minimumMinor)] },
    );
  }
  return {
    method: 'delivery',
    address: deliveryAddressLine(address),
    hours: '',
    preparationMinutes: 0,
    feeMinor: handoverFee(options, 'delivery'),
  };
}

/** The handover of a cart with goods in it: refused when the firm does not offer it, lacks an address or is below the minimum. */
export async function handoverOf(db: Kysely<Database>, clock: () => Date, firmId: string, input: HandoverInput, subtotal: number) {
  const options = await createFulfilmentService(db, clock).options(firmId);
  const method = chosenHandover(options, input.handover);
  if (!options[method]) {
    throw problem(422, 'handover_not_offered', `This business does not offer ${method} for its shop.`, {
      handover: ['validation.notOffered'],
    });
  }
  if (method === 'delivery') return delivered(options, input.deliveryAddress, subtotal);
  const pickup = options.pickup!;
  return { method, ...pickup, feeMinor: 0 } satisfies Handover;
}

/** The handover as the order keeps it (its fee is already in the order's total). */
export async function writeHandover(trx: Transaction<Database>, orderId: string, handover: Handover) {
  await trx
    .updateTable('orders')
    .set({
      handover: handover.method,
      handover_address: handover.address,
      handover_hours: handover.hours,
      preparation_minutes: handover.preparationMinutes,
      delivery_fee_minor: handover.feeMinor,
    })
    .where('id', '=', orderId)
    .execute();
}

const MINUTE_MS = 60_000;

/** What an order says about its handover, for its buyer's page, the firm's and the mails. */
export async function orderHandover(db: Kysely<Database>, orderId: string): Promise<OrderHandover> {
  const row = await db
    .selectFrom('orders')
    .select(['handover', 'handover_address', 'handover_hours', 'preparation_minutes', 'delivery_fee_minor', 'paid_at'])
    .where('id', '=', orderId)
    .executeTakeFirst();
  if (!row?.handover) return null;
  const preparationMinutes = row.preparation_minutes ?? 0;
  return {
    method: row.handover as HandoverMethod,
    address: row.handover_address ?? '',
    hours: row.handover_hours ?? '',
    preparationMinutes,
    feeMinor: row.delivery_fee_minor,
    readyFrom:
      row.handover === 'pickup' && row.paid_at
        ? new Date(new Date(row.paid_at).getTime() + preparationMinutes * MINUTE_MS).toISOString()
        : null,
  };
}

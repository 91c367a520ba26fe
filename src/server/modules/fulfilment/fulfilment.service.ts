import type { Kysely, Selectable } from 'kysely';
import type { Database, FirmFulfilmentTable } from '../../db/schema';
import { notFound } from '../../lib/errors';
import type { FulfilmentOptions, FulfilmentSettings, FulfilmentSettingsAnswer } from '../../../shared/fulfilment';

/** A firm's pickup and delivery settings: read and written by its owners and managers, read as options by buyers. */

type Row = Selectable<FirmFulfilmentTable>;

/** What a firm that never set anything offers: pickup at its own address, ready at once. */
const UNSET: FulfilmentSettings = {
  pickup: { enabled: true, address: '', hours: '', preparationMinutes: 0 },
  delivery: { enabled: false, zone: '', postcodes: [], feeMinor: 0, minimumMinor: 0 },
};

function postcodesOf(json: string): string[] {
  try {
    const value = JSON.parse(json) as unknown;
    return Array.isArray(value) ? value.filter((code): code is string => typeof code === 'string') : [];
  } catch {
    return [];
  }
}

const toSettings = (row: Row | undefined): FulfilmentSettings =>
  row
    ? {
        pickup: {
          enabled: row.pickup_enabled === 1,
          address: row.pickup_address,
          hours: row.pickup_hours,
          preparationMinutes: row.preparation_minutes,
        },
        delivery: {
          enabled: row.delivery_enabled === 1,
          zone: row.delivery_zone,
          postcodes: postcodesOf(row.delivery_postcodes),
          feeMinor: row.delivery_fee_minor,
          minimumMinor: row.delivery_minimum_minor,
        },
      }
    : UNSET;

export const firmAddressLine = (firm: { address_line: string | null; city: string | null }) =>
  [firm.address_line, firm.city].filter(Boolean).join(', ');

export function createFulfilmentService(db: Kysely<Database>, clock: () => Date) {
  async function read(firmId: string) {
    const [firm, row] = await Promise.all([
      db.selectFrom('firms').select(['address_line', 'city', 'currency']).where('id', '=', firmId).executeTakeFirst(),
      db.selectFrom('firm_fulfilment').selectAll().where('firm_id', '=', firmId).executeTakeFirst(),
    ]);
    if (!firm) throw notFound('Business not found.');
    return { firm, settings: toSettings(row) };
  }

  async function settings(firmId: string): Promise<FulfilmentSettingsAnswer> {
    const { firm, settings } = await read(firmId);
    return { settings, firmAddress: firmAddressLine(firm), currency: firm.currency };
  }

  async function save(firmId: string, input: FulfilmentSettings): Promise<FulfilmentSettingsAnswer> {
    const values = {
      pickup_enabled: input.pickup.enabled ? 1 : 0,
      pickup_address: input.pickup.address,
      pickup_hours: input.pickup.hours,
      preparation_minutes: input.pickup.preparationMinutes,
      delivery_enabled: input.delivery.enabled ? 1 : 0,
      delivery_zone: input.delivery.zone,
      delivery_postcodes: JSON.stringify([...new Set(input.delivery.postcodes)]),
      delivery_fee_minor: input.delivery.feeMinor,
      delivery_minimum_minor: input.delivery.minimumMinor,
      updated_at: clock().toISOString(),
    };
    await db
      .insertInto('firm_fulfilment')
      .values({ firm_id: firmId, ...values })
      .onConflict((oc) => oc.column('firm_id').doUpdateSet(values))
      .execute();
    return settings(firmId);
  }

  /** What a buyer may choose; a firm that offers neither still hands over at its address, so checkout keeps working. */
  async function options(firmId: string): Promise<FulfilmentOptions> {
    const { firm, settings: s } = await read(firmId);
    const pickup = {
      address: s.pickup.address || firmAddressLine(firm),
      hours: s.pickup.hours,
      preparationMinutes: s.pickup.preparationMinutes,
    };
    const { enabled, ...delivery } = s.delivery;
    return {
      currency: firm.currency,
      pickup: s.pickup.enabled || !enabled ? pickup : null,
      delivery: enabled ? delivery : null,
    };
  }

  return { settings, save, options };
}

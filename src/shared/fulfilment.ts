import { z } from 'zod';
import { addressInputSchema } from './account';

/**
 * How a firm's shop hands over what it sells: the buyer collects it (pickup) or the firm brings it
 * (local delivery). The firm sets which it offers; the buyer picks one at checkout; the server
 * computes the delivery fee and refuses what the firm does not offer.
 */
export const HANDOVER_METHODS = ['pickup', 'delivery'] as const;
export type HandoverMethod = (typeof HANDOVER_METHODS)[number];

/** a week: no shop prepares an order longer than that */
const PREPARATION_MAX_MINUTES = 7 * 24 * 60;
const MONEY_MAX = 10_000_000;
const POSTCODES_MAX = 200;

/** A postcode or its beginning ("750", "SW1"), compared without spaces and case. */
const postcodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9][A-Z0-9 -]{0,11}$/, { message: 'validation.postalCode' });

const normalPostcode = (code: string) => code.replace(/[\s-]/g, '').toUpperCase();

/** `PUT /api/dashboard/fulfilment`: what the firm offers. */
export const fulfilmentSettingsSchema = z
  .object({
    pickup: z.object({
      enabled: z.boolean(),
      /** '' = the firm's own address */
      address: z.string().trim().max(300),
      /** '' = the firm's opening hours */
      hours: z.string().trim().max(300),
      preparationMinutes: z.number().int().min(0).max(PREPARATION_MAX_MINUTES),
    }),
    delivery: z.object({
      enabled: z.boolean(),
      zone: z.string().trim().max(300),
      postcodes: z.array(postcodeSchema).max(POSTCODES_MAX),
      feeMinor: z.number().int().min(0).max(MONEY_MAX),
      minimumMinor: z.number().int().min(0).max(MONEY_MAX),
    }),
  })
  // a delivery nobody can tell the reach of would take orders the firm cannot bring
  .refine((s) => !s.delivery.enabled || s.delivery.zone !== '' || s.delivery.postcodes.length > 0, {
    message: 'validation.deliveryZone',
    path: ['delivery', 'zone'],
  });
export type FulfilmentSettings = z.infer<typeof fulfilmentSettingsSchema>;

/** `GET /api/dashboard/fulfilment`: the settings, and what an empty address or hours field falls back to. */
export const fulfilmentSettingsAnswerSchema = z.object({
  settings: fulfilmentSettingsSchema,
  firmAddress: z.string(),
  currency: z.string(),
});
export type FulfilmentSettingsAnswer = z.infer<typeof fulfilmentSettingsAnswerSchema>;

/** What a buyer may choose at checkout (`GET /api/user/fulfilment/{firmId}`): null = not offered. */
export const fulfilmentOptionsSchema = z.object({
  currency: z.string(),
  pickup: z
    .object({
      address: z.string(),
      /** '' = the firm's opening hours apply */
      hours: z.string(),
      preparationMinutes: z.number().int(),
    })
    .nullable(),
  delivery: z
    .object({
      zone: z.string(),
      postcodes: z.array(z.string()),
      feeMinor: z.number().int(),
      minimumMinor: z.number().int(),
    })
    .nullable(),
});
export type FulfilmentOptions = z.infer<typeof fulfilmentOptionsSchema>;

/** The address a delivery goes to: the account's address form, without its label and default flag. */
export const deliveryAddressSchema = addressInputSchema.omit({ label: true, isDefault: true });
export type DeliveryAddress = z.infer<typeof deliveryAddressSchema>;

/** One line, as the order, the firm and the mails show it. */
export function deliveryAddressLine(address: DeliveryAddress): string {
  return [address.recipient, address.line1, address.line2, `${address.postalCode} ${address.city}`, address.country, address.phone]
    .filter(Boolean)
    .join(', ');
}

/** Whether a postcode is in the zone: any listed code it starts with; no list = the zone's words decide, not the server. */
export function inDeliveryZone(postcodes: readonly string[], postcode: string): boolean {
  if (!postcodes.length) return true;
  const code = normalPostcode(postcode);
  return postcodes.some((listed) => code.startsWith(normalPostcode(listed)));
}

/** The method a checkout uses: the buyer's, else pickup where offered (so a shop that set nothing works as before). */
export function chosenHandover(options: FulfilmentOptions, chosen: HandoverMethod | undefined): HandoverMethod {
  return chosen ?? (options.pickup ? 'pickup' : 'delivery');
}

/** The fee a delivery adds to the order; a pickup adds nothing. */
export const handoverFee = (options: FulfilmentOptions, method: HandoverMethod): number =>
  method === 'delivery' && options.delivery ? options.delivery.feeMinor : 0;

/** An order's handover as the buyer and the firm see it; null for an order without goods. */
export const orderHandoverSchema = z
  .object({
    method: z.enum(HANDOVER_METHODS),
    /** the pickup address, or the delivery address on one line */
    address: z.string(),
    /** the pickup hours as the firm wrote them; '' = its opening hours */
    hours: z.string(),
    preparationMinutes: z.number().int(),
    feeMinor: z.number().int(),
    /** a paid pickup: from when it can be collected (paid + preparation time) */
    readyFrom: z.string().nullable(),
  })
  .nullable();
export type OrderHandover = z.infer<typeof orderHandoverSchema>;

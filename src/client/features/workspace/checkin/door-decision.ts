import { LIST_STATUS, verifyTicketCode, type CheckinList, type CheckinScan, type Refusal } from '../../../../shared/checkin';

/**
 * The decision at the door, made on the device from the downloaded list: fast (a map lookup after
 * one HMAC) and the same with or without a connection.
 */
export interface DoorTicket {
  id: string;
  tier: string;
  holder: string;
  status: number;
}

/** Who let a ticket in first. */
export interface Admission {
  deviceName: string;
  scannedAt: string;
}

export type DoorVerdict =
  | { kind: 'admitted'; ticket: DoorTicket }
  | { kind: 'already_used'; ticket: DoorTicket; first: Admission }
  | { kind: 'void' | 'not_yet_valid'; ticket: DoorTicket }
  | { kind: 'wrong_event' | 'invalid' };

export type VerdictKind = DoorVerdict['kind'];

/** The list as the device looks tickets up. */
export function indexTickets(list: CheckinList): Map<string, DoorTicket> {
  return new Map(
    list.tickets.map(([id, tier, holder, status]) => [id, { id, tier: list.tiers[tier]?.name ?? '', holder, status }] as const),
  );
}

/** Each ticket's standing admission from the scans known to the device (the server's and its own queued ones). */
export function standingAdmissions(
  scans: Iterable<Pick<CheckinScan, 'ticketId' | 'result' | 'deviceName' | 'scannedAt'>>,
): Map<string, Admission> {
  const standing = new Map<string, Admission>();
  for (const scan of scans) {
    if (scan.result !== 'admitted' || !scan.ticketId) continue;
    const known = standing.get(scan.ticketId);
    if (!known || scan.scannedAt < known.scannedAt) standing.set(scan.ticketId, { deviceName: scan.deviceName, scannedAt: scan.scannedAt });
  }
  return standing;
}

export async function decideScan(
  key: CryptoKey,
  eventShortId: string,
  tickets: Map<string, DoorTicket>,
  standing: Map<string, Admission>,
  code: string,
): Promise<DoorVerdict> {
  const check = await verifyTicketCode(key, eventShortId, code);
  if (!check.ok) return { kind: check.reason };
  const ticket = tickets.get(check.ticketId);
  // signed but not in the list: issued after the download, or never; refused until the list says so
  if (!ticket) return { kind: 'invalid' };
  if (ticket.status === LIST_STATUS.void) return { kind: 'void', ticket };
  if (ticket.status === LIST_STATUS.notYetValid) return { kind: 'not_yet_valid', ticket };
  const first = standing.get(ticket.id);
  return first ? { kind: 'already_used', ticket, first } : { kind: 'admitted', ticket };
}

/** What the device sends up for a verdict. */
export function decisionOf(verdict: DoorVerdict): 'admitted' | Refusal {
  return verdict.kind;
}

/** Per tier: admitted / valid tickets, from the device's own state (works offline). */
export function localCounts(list: CheckinList, standing: Map<string, Admission>) {
  const counts = list.tiers.map((tier) => ({ id: tier.id, name: tier.name, admitted: 0, total: 0 }));
  for (const [id, tier, , status] of list.tickets) {
    const count = counts[tier];
    if (!count || status !== LIST_STATUS.valid) continue;
    count.total += 1;
    if (standing.has(id)) count.admitted += 1;
  }
  return counts;
}

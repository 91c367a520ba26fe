/**
 * Which tickets of a board's answer are new to this screen: none on the first answer (the board
 * just opened: those tickets were there before), and afterwards those never shown, neither open
 * nor served. A refetch of the same tickets, a bump, or a recall of a served one brings nothing new.
 */
export function ticketArrivals(
  shown: ReadonlySet<string> | null,
  board: { tickets: readonly { id: string }[]; served: readonly { id: string }[] },
): { shown: Set<string>; arrived: string[] } {
  const ids = [...board.tickets, ...board.served].map((ticket) => ticket.id);
  if (!shown) return { shown: new Set(ids), arrived: [] };
  const arrived = board.tickets.map((ticket) => ticket.id).filter((id) => !shown.has(id));
  return { shown: new Set([...shown, ...ids]), arrived };
}

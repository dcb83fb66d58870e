/**
 * An item's pieces at the desk: each arrival scan brings some (1 unless staff say more) until all expected have
 * come. Received pieces never exceed the expected ones; once all have come, a scan is a repeat and adds nothing.
 */
export function piecesAfterArrival(now: { received: number; expected: number }, brought: number): { received: number; added: number } {
  const received = Math.min(now.expected, Math.max(now.received, 0) + Math.max(brought, 0));
  return { received: Math.max(received, now.received), added: Math.max(received - now.received, 0) };
}

/** Whether a scan of an item that arrived before brings pieces still expected (else it is a repeat: nothing changes). */
export const awaitsPieces = (now: { received: number; expected: number }): boolean => now.received < now.expected;

// The customer's name as a pay-in's request carried it (firstName, lastName): History's list, its detail
// and its CSV export show it beside the customer id (issue 35, item 15). Read from the request History
// already keeps, not a column of its own: nothing new is stored about the customer.

/** "Jane Doe", or undefined when the request names nobody or is not JSON (a row from before, a team row). */
export function customerNameOf(request: string | undefined): string | undefined {
  if (!request) return undefined;
  let body: unknown;
  try {
    body = JSON.parse(request);
  } catch {
    return undefined;
  }
  if (typeof body !== 'object' || body === null) return undefined;
  const { firstName, lastName } = body as Record<string, unknown>;
  const name = [firstName, lastName]
    .filter((part): part is string => typeof part === 'string' && part.trim() !== '')
    .map((part) => part.trim())
    .join(' ');
  return name || undefined;
}

/**
 * Hands over an answer that index.html's inline script already asked for (src/app/early-requests.ts),
 * once: the first caller of that URL gets it, later callers fetch as usual.
 */
export function takeEarlyResponse(url: string): Promise<Response> | undefined {
  if (typeof window === 'undefined') return undefined;
  const early = (window as Window & { __earlyRequests?: Record<string, Promise<Response>> }).__earlyRequests;
  const response = early?.[url];
  if (response) delete early[url];
  return response;
}

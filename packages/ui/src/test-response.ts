/** A minimal fetch Response for unit tests (jsdom has no Response class). */
export function fakeResponse(status: number, body = '', statusText = ''): Response {
  return {
    ok: status >= 200 && status < 300,
    status,
    statusText,
    text: async () => body,
    json: async () => JSON.parse(body),
  } as Response;
}

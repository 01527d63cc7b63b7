// What an admin API call sends, for the scripts that drive a running server (bench-content, soak).

/**
 * The `fetch` options of an admin call: the bearer token, and `body` as JSON, or a FormData (an
 * upload) as it is.
 */
export function adminCall(method, token, body) {
  const headers = { authorization: `Bearer ${token}` };
  if (body instanceof FormData) return { method, headers, body };
  if (body === undefined) return { method, headers };
  return { method, headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) };
}

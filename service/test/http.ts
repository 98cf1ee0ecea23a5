/**
 * Test helpers for the local service's HTTP conformance tests (test code only).
 */
export interface CallOptions {
  method?: string;
  key?: string | null;
  json?: unknown;
  form?: [string, string][];
  body?: string | Buffer;
  headers?: Record<string, string>;
}

export interface CallResult {
  status: number;
  headers: Headers;
  text: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON
  body: any;
}

export async function call(base: string, path: string, o: CallOptions = {}): Promise<CallResult> {
  const headers: Record<string, string> = { ...o.headers };
  if (o.key) headers.authorization = `Service-Auth-Key ${o.key}`;
  let body: string | Buffer | undefined = o.body;
  if (o.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(o.json);
  } else if (o.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(o.form).toString();
  }
  const res = await fetch(base + path, {
    method: o.method ?? (body !== undefined ? 'POST' : 'GET'),
    headers,
    body: body as BodyInit | undefined,
  });
  const text = await res.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  return { status: res.status, headers: res.headers, text, body: parsed };
}

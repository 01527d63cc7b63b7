/// <reference types="node" />
// Unit tests only: a real HTTP server on a free local port that stands in for the admin API, with
// the page's address moved onto it so that the panel's relative `/api/...` calls reach it for real.
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface Reply {
  status?: number;
  /** An object is sent as JSON; a string as it is. */
  body?: unknown;
  headers?: Record<string, string>;
}

export type Handler = (request: RecordedRequest) => Reply | Promise<Reply>;

export interface ApiServer {
  origin: string;
  requests: RecordedRequest[];
  close: () => Promise<void>;
}

export async function startApiServer(handler: Handler): Promise<ApiServer> {
  const requests: RecordedRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', async () => {
      const recorded = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(recorded);
      try {
        const reply = await pagedList(handler, recorded);
        const json = reply.body !== undefined && typeof reply.body !== 'string';
        res.writeHead(reply.status ?? 200, {
          ...(json ? { 'Content-Type': 'application/json' } : {}),
          ...reply.headers,
        });
        res.end(json ? JSON.stringify(reply.body) : ((reply.body as string | undefined) ?? ''));
      } catch (error) {
        res.writeHead(500);
        res.end(String(error));
      }
    });
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  (window as unknown as { happyDOM: { setURL: (url: string) => void } }).happyDOM.setURL(`${origin}/adminpanel`);
  return {
    origin,
    requests,
    close: () =>
      new Promise<void>((closed) => {
        server.closeAllConnections();
        server.close(() => closed());
      }),
  };
}

/**
 * As the real API answers an admin list asked with `?offset=&limit=`: one page of the whole list
 * the handler gives for the plain path, `{items, total, offset, limit}`.
 */
async function pagedList(handler: Handler, request: RecordedRequest): Promise<Reply> {
  const url = new URL(request.path, 'http://x');
  const asked = url.searchParams.has('offset') || url.searchParams.has('limit');
  if (request.method === 'GET' && asked && url.pathname.startsWith('/api/admin/')) {
    const whole = await handler({ ...request, path: url.pathname });
    if (Array.isArray(whole.body) && (whole.status ?? 200) === 200) {
      const offset = Number(url.searchParams.get('offset') ?? 0);
      const limit = Number(url.searchParams.get('limit') ?? 1000);
      return { ...whole, body: { items: whole.body.slice(offset, offset + limit), total: whole.body.length, offset, limit } };
    }
  }
  return handler(request);
}

/** Routes by `METHOD /path`; anything else is a JSON 404 like the real API's. */
export function routes(table: Record<string, (request: RecordedRequest) => Reply | Promise<Reply>>): Handler {
  return (request) => {
    const route = table[`${request.method} ${request.path}`];
    return route ? route(request) : { status: 404, body: { message: 'Not found' } };
  };
}

/**
 * A list resource like the admin API's (list, create, replace with its version and web address
 * rules, delete, reorder) over `get`/`set`; answers undefined for paths outside `path`.
 */
export function collection<T extends { id: number; order?: number }>(path: string, get: () => T[], set: (list: T[]) => void, newId: () => number) {
  return (request: RecordedRequest): Reply | undefined => {
    if (!request.path.startsWith(path)) return undefined;
    const rest = request.path.slice(path.length);
    const body = request.body ? JSON.parse(request.body) : undefined;
    if (request.method === 'GET' && rest === '') return { body: get() };
    if (request.method === 'POST' && rest === '') {
      const item = { ...body, id: newId() } as T;
      set([...get(), item]);
      return { status: 201, body: item };
    }
    if (request.method === 'PUT' && rest === '/order') {
      const ids: number[] = body.ids;
      set(ids.map((id, order) => ({ ...get().find((item) => item.id === id)!, order })));
      return { body: get() };
    }
    const id = Number(rest.slice(1));
    if (!get().some((item) => item.id === id)) return { status: 404, body: { message: 'Not found' } };
    if (request.method === 'DELETE') {
      set(get().filter((item) => item.id !== id));
      return { status: 204 };
    }
    if (request.method === 'PUT') {
      const current = get().find((item) => item.id === id) as { version?: number };
      if (body.version !== undefined && current.version !== undefined && body.version !== current.version) {
        return { status: 409, body: { message: `This record was changed elsewhere (it is now version ${current.version}); nothing was saved.` } };
      }
      if (body.slug && get().some((other) => other.id !== id && (other as { slug?: string }).slug === body.slug)) {
        return { status: 409, body: { message: `slug: ${body.slug} is in use by another project` } };
      }
      const item = { ...body, id } as T;
      set(get().map((current) => (current.id === id ? item : current)));
      return { body: item };
    }
    return undefined;
  };
}

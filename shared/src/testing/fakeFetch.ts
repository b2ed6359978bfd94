// A stand-in for window.fetch in jest (jsdom has none), answering by method and API path the way
// axios-mock-adapter answers the axios client: `onGet(path).reply(status, body)`, `.replyOnce`,
// a function reply, and `history` of what was sent.

type Answer = [number, unknown?];
type Reply = Answer | ((request: SentRequest) => Answer | Promise<Answer>);

export interface SentRequest {
  url: string;
  method: string;
  data?: string;
  headers: Record<string, string>;
}

interface Handler {
  method: string;
  url: string;
  reply: Reply;
  once: boolean;
}

/** The part of a fetch Response the console reads (jsdom has no Response either). */
function answer(status: number, body: unknown) {
  const text = body === undefined ? '' : JSON.stringify(body);
  return { ok: status >= 200 && status < 300, status, text: async () => text } as unknown as Response;
}

export function installFakeFetch(base = '/api') {
  let handlers: Handler[] = [];
  const history = { get: [] as SentRequest[], post: [] as SentRequest[] };

  const on = (method: string) => (url: string) => ({
    reply(statusOrFn: number | Reply, body?: unknown) {
      const reply = typeof statusOrFn === 'number' ? ([statusOrFn, body] as Answer) : statusOrFn;
      handlers.push({ method, url, reply, once: false });
    },
    replyOnce(statusOrFn: number | Reply, body?: unknown) {
      const reply = typeof statusOrFn === 'number' ? ([statusOrFn, body] as Answer) : statusOrFn;
      handlers.push({ method, url, reply, once: true });
    },
  });

  const fetchMock = jest.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input).replace(base, '');
    const method = (init.method ?? 'GET').toUpperCase();
    const request: SentRequest = {
      url,
      method,
      data: typeof init.body === 'string' ? init.body : undefined,
      headers: { ...(init.headers as Record<string, string>) },
    };
    (method === 'GET' ? history.get : history.post).push(request);
    const handler = handlers.find((h) => h.method === method && h.url === url);
    if (!handler) return answer(404, { detail: `no fake for ${method} ${url}` });
    if (handler.once) handlers = handlers.filter((h) => h !== handler);
    const [status, body] = typeof handler.reply === 'function' ? await handler.reply(request) : handler.reply;
    return answer(status, body);
  });

  const original = globalThis.fetch;
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  return {
    onGet: on('GET'),
    onPost: on('POST'),
    history,
    reset() {
      handlers = [];
    },
    resetHistory() {
      history.get.length = 0;
      history.post.length = 0;
    },
    restore() {
      globalThis.fetch = original;
    },
  };
}

import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';

export interface TestClientOptions {
  /** False: sends no CSRF header, as a request forged by another site could not. */
  csrf?: boolean;
  remoteAddress?: string;
}

/**
 * A browser-like client: keeps the cookies the server sets and echoes the CSRF
 * cookie in the header on mutating calls, like the web app does.
 */
export class TestClient {
  cookies = new Map<string, string>();
  constructor(
    private readonly app: FastifyInstance,
    private readonly options: TestClientOptions = {},
  ) {}

  async request(
    opts: InjectOptions & { method: string; url: string },
  ): Promise<LightMyRequestResponse> {
    const method = opts.method.toUpperCase();
    if (
      this.options.csrf !== false &&
      method !== 'GET' &&
      method !== 'HEAD' &&
      !this.cookies.has('XSRF-TOKEN')
    ) {
      await this.request({ method: 'GET', url: '/api/auth/status' });
    }
    const headers: Record<string, string> = { ...(opts.headers as Record<string, string>) };
    if (this.cookies.size > 0) {
      headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    }
    const xsrf = this.cookies.get('XSRF-TOKEN');
    if (this.options.csrf !== false && xsrf && !('x-xsrf-token' in headers))
      headers['x-xsrf-token'] = xsrf;
    const res = await this.app.inject({
      ...opts,
      headers,
      ...(this.options.remoteAddress ? { remoteAddress: this.options.remoteAddress } : {}),
    } as InjectOptions);
    for (const c of res.cookies as {
      name: string;
      value: string;
      expires?: Date;
      maxAge?: number;
    }[]) {
      const expired =
        (c.expires && c.expires.getTime() <= Date.now()) || c.maxAge === 0 || c.value === '';
      if (expired) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    return res;
  }

  get(url: string) {
    return this.request({ method: 'GET', url });
  }
  post(url: string, payload?: unknown) {
    return this.request({ method: 'POST', url, payload: payload as InjectOptions['payload'] });
  }
  /** Posts a multipart form, as the browser sends a FormData. */
  postForm(url: string, form: FormData) {
    return this.request({ method: 'POST', url, payload: form as unknown as string });
  }
  put(url: string, payload?: unknown) {
    return this.request({ method: 'PUT', url, payload: payload as InjectOptions['payload'] });
  }
  patch(url: string, payload?: unknown) {
    return this.request({ method: 'PATCH', url, payload: payload as InjectOptions['payload'] });
  }
  delete(url: string) {
    return this.request({ method: 'DELETE', url });
  }
}

import type { Middleware } from 'openapi-fetch';

/**
 * One person's action (a press of Save, Approve, Claim…): its POSTs carry an `Idempotency-Key` made when
 * the action starts, and the same keys again when the action is sent again, so that a request whose
 * answer was lost is not done twice. The second POST of one action gets a key of its own (the service
 * refuses one key for two different requests).
 */
export class Action {
  private readonly key = newKey();
  private sent = 0;
  /** Whether this attempt sent anything but a keyed POST (a retry could do that twice). */
  unkeyed = false;

  /** The key of the attempt's next POST: the first is the action's key, the others are numbered after it. */
  nextKey(): string {
    this.sent += 1;
    return this.sent === 1 ? this.key : `${this.key}.${this.sent}`;
  }

  get requests(): number {
    return this.sent;
  }

  /** Runs one attempt of the action, its requests keyed as the previous attempt's were. */
  attempt<T>(send: () => T): T {
    this.sent = 0;
    this.unkeyed = false;
    const outer = current;
    current = this;
    try {
      return send();
    } finally {
      current = outer;
    }
  }
}

/**
 * The action sending now. Browsers have no asynchronous context, so it is known only while an attempt
 * runs synchronously: every mutation function sends its requests before its first `await`, and the
 * client reads the key as the request is built (see `idempotencyKeys`).
 */
let current: Action | null = null;

/**
 * Puts the current action's key on each POST that is not an upload (the service keys JSON POSTs only);
 * a POST sent outside an action (signing out) is an action of its own. Registered first on the client:
 * openapi-fetch calls the first middleware before its first `await`, while the action is still current.
 */
export const idempotencyKeys: Middleware = {
  onRequest({ request }) {
    const upload = request.headers.get('content-type')?.startsWith('multipart/form-data') ?? false;
    if (request.method !== 'POST' || upload) {
      if (current) current.unkeyed = true;
      return request;
    }
    request.headers.set('Idempotency-Key', current ? current.nextKey() : newKey());
    return request;
  },
};

/**
 * A random UUID; `crypto.randomUUID` exists in secure contexts only (https, localhost), so a page served
 * over plain http on the operation's network makes one from `getRandomValues`, which exists everywhere.
 */
function newKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

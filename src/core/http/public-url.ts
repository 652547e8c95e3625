import type { AddressInfo } from 'node:net';
import { hostname } from 'node:os';
import type { Config } from '../../config.ts';

/**
 * The address the service hands out (the document's `servers`, calendar feed links, links in mails):
 * PUBLIC_URL, else the address it listens on (the machine's name where it listens on every interface).
 * Never a request's `Host` or forwarding headers, which any caller can set.
 */
export function publicOrigin(
  config: Pick<Config, 'publicUrl' | 'host' | 'port'>,
  listening: () => AddressInfo | string | null,
): () => string {
  return () => {
    if (config.publicUrl) return config.publicUrl;
    const bound = listening();
    const address = typeof bound === 'object' && bound ? bound : null;
    const host = address?.address ?? config.host;
    const port = address?.port ?? config.port;
    const shown = host === '0.0.0.0' || host === '::' ? hostname() : host;
    return `http://${shown.includes(':') ? `[${shown}]` : shown}:${port}`;
  };
}

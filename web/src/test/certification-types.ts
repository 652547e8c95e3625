import { vi } from 'vitest';

/**
 * Answers the client's fetches as the service would for a unit whose certification types are `types`
 * (every other list empty), so that screens name a certification as a person reads it.
 */
export function serveCertificationTypes(
  types: { id: string; code: string; nameEn: string; nameAr: string }[],
) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const items = new URL(request.url).pathname === '/api/lookups/certification-types' ? types : [];
      return new Response(JSON.stringify({ items, page: 1, pageSize: 500, total: items.length }), {
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
}

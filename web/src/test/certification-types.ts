import { vi } from 'vitest';

/**
 * Answers the client's fetches as the service would for a unit whose lists are `lists` (by path; every
 * other list empty), so that screens name a code as a person reads it.
 */
export function serveLists(lists: Record<string, object[]>) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const items = lists[new URL(request.url).pathname] ?? [];
      return new Response(JSON.stringify({ items, page: 1, pageSize: 500, total: items.length }), {
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
}

/** A unit whose certification types are `types`. */
export function serveCertificationTypes(
  types: { id: string; code: string; nameEn: string; nameAr: string }[],
) {
  serveLists({ '/api/lookups/certification-types': types });
}

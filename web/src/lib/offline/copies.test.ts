import { afterEach, describe, expect, it, vi } from 'vitest';
import { keepOnlyCopyOf } from './copies';
import { copyCacheName } from './shared';

/** A bearer token as the service signs one; only its payload matters here. */
const tokenOf = (sub: string) =>
  `eyJhbGciOiJIUzI1NiJ9.${btoa(JSON.stringify({ sub, bu: 'MAIN' })).replaceAll('=', '')}.c2lnbmF0dXJl`;

/** Cache storage as far as the page uses it: names only. */
function fakeCaches(names: string[]) {
  const held = new Set(names);
  vi.stubGlobal('caches', {
    keys: async () => [...held],
    delete: async (name: string) => held.delete(name),
    open: async (name: string) => {
      held.add(name);
      return {};
    },
  });
  return held;
}

afterEach(() => vi.unstubAllGlobals());

describe("the device's offline copies", () => {
  it("name a person's cache by their user id, never by the token", () => {
    const token = tokenOf('3f0c4d2e-user');
    expect(copyCacheName(token)).toBe('own-roster:3f0c4d2e-user');
    expect(copyCacheName(token)).not.toContain(token.split('.')[1]);
    expect(copyCacheName('not-a-token')).toBeNull();
    expect(copyCacheName(`x.${btoa('{"sub":42}')}.y`)).toBeNull();
  });

  it("a sign-in opens the person's copy and deletes everyone else's, leaving the shell alone", async () => {
    const held = fakeCaches(['shell:abc', 'own-roster:someone-else']);
    await keepOnlyCopyOf(tokenOf('me'));
    expect([...held].sort()).toEqual(['own-roster:me', 'shell:abc']);
  });

  it('with nobody signed in, no copy is left', async () => {
    const held = fakeCaches(['shell:abc', 'own-roster:me', 'own-roster:someone-else']);
    await keepOnlyCopyOf(null);
    expect([...held]).toEqual(['shell:abc']);
  });
});

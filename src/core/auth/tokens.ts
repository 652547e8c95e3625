import { randomUUID } from 'node:crypto';
import { createSigner, createVerifier } from 'fast-jwt';

export const TOKEN_LIFETIME_MS = 8 * 60 * 60 * 1000;
/** How far a token's issue time may lie ahead of this process's clock (another process's clock drifts). */
export const CLOCK_SKEW_MS = 60_000;
const ISSUER = 'workforce-rostering';
const AUDIENCE = 'workforce-rostering-api';

export interface TokenClaims {
  sub: string;
  bu: string;
  sid: string;
  iat: number;
  exp: number;
  iss: string;
  aud: string;
  /** Issue time in milliseconds: revocation compares against it, `iat` has only whole seconds. */
  iatMs: number;
}

export interface IssuedToken {
  token: string;
  expiresAt: Date;
  claims: TokenClaims;
}

export interface TokenService {
  issue(userId: string, buId: string): IssuedToken;
  /** Throws `TokenError` when the token is malformed, forged, expired or meant for someone else. */
  verify(token: string): TokenClaims;
}

export class TokenError extends Error {
  constructor(readonly expired: boolean) {
    super(expired ? 'The token has expired; log in again' : 'The token is not valid');
  }
}

/**
 * A signature proves only who signed: the claims must also be of a token this service issues (its own
 * issuer and audience, a lifetime no longer than the configured one, issued in the past, its millisecond
 * issue time the same instant as `iat`), or the token is refused.
 */
function plausible(claims: TokenClaims, nowMs: number): boolean {
  const types =
    typeof claims.iat === 'number' && typeof claims.exp === 'number' && typeof claims.iatMs === 'number';
  return (
    types &&
    claims.iat * 1000 <= nowMs + CLOCK_SKEW_MS &&
    (claims.exp - claims.iat) * 1000 <= TOKEN_LIFETIME_MS &&
    Math.floor(claims.iatMs / 1000) === claims.iat
  );
}

export function createTokenService(secret: string, now: () => number = Date.now): TokenService {
  const sign = createSigner({ key: secret, algorithm: 'HS256' });
  // The algorithm, issuer and audience are pinned: a token of another kind is refused. Expiry is checked
  // below against the service's own clock, the one every other rule of a request follows.
  const verifier = createVerifier({
    key: secret,
    algorithms: ['HS256'],
    allowedIss: ISSUER,
    allowedAud: AUDIENCE,
    requiredClaims: ['sub', 'bu', 'sid', 'iat', 'exp', 'iatMs', 'iss', 'aud'],
    ignoreExpiration: true,
  });
  return {
    issue(userId, buId) {
      const issuedAt = now();
      const claims: TokenClaims = {
        sub: userId,
        bu: buId,
        sid: randomUUID(),
        iat: Math.floor(issuedAt / 1000),
        iatMs: issuedAt,
        exp: Math.floor((issuedAt + TOKEN_LIFETIME_MS) / 1000),
        iss: ISSUER,
        aud: AUDIENCE,
      };
      return { token: sign(claims), expiresAt: new Date(claims.exp * 1000), claims };
    },
    verify(token) {
      let claims: TokenClaims;
      try {
        claims = verifier(token) as TokenClaims;
      } catch {
        throw new TokenError(false);
      }
      const nowMs = now();
      if (!plausible(claims, nowMs)) throw new TokenError(false);
      if (claims.exp * 1000 <= nowMs) throw new TokenError(true);
      return claims;
    },
  };
}

import { randomUUID } from 'node:crypto';
import { createSigner, createVerifier } from 'fast-jwt';

export const TOKEN_LIFETIME_MS = 8 * 60 * 60 * 1000;
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

export function createTokenService(secret: string, now: () => number = Date.now): TokenService {
  const sign = createSigner({ key: secret, algorithm: 'HS256' });
  // The algorithm, issuer and audience are pinned: a token of another kind is refused.
  const verifier = createVerifier({
    key: secret,
    algorithms: ['HS256'],
    allowedIss: ISSUER,
    allowedAud: AUDIENCE,
    requiredClaims: ['sub', 'bu', 'sid', 'iat', 'exp', 'iatMs'],
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
      try {
        return verifier(token) as TokenClaims;
      } catch (error) {
        throw new TokenError((error as { code?: string }).code === 'FAST_JWT_EXPIRED');
      }
    },
  };
}

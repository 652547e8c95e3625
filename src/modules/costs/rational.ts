/** An exact rational number: numerator over a positive denominator, in lowest terms. */
export interface Exact {
  readonly n: bigint;
  readonly d: bigint;
}

const abs = (value: bigint) => (value < 0n ? -value : value);
function gcd(a: bigint, b: bigint): bigint {
  let [x, y] = [abs(a), abs(b)];
  while (y) [x, y] = [y, x % y];
  return x;
}

export function exact(n: bigint, d = 1n): Exact {
  if (d === 0n) throw new RangeError('division by zero');
  const sign = d < 0n ? -1n : 1n;
  const divisor = gcd(n, d) || 1n;
  return { n: (sign * n) / divisor, d: (sign * d) / divisor };
}

export const ZERO = exact(0n);
export const plus = (a: Exact, b: Exact) => exact(a.n * b.d + b.n * a.d, a.d * b.d);
export const minus = (a: Exact, b: Exact) => exact(a.n * b.d - b.n * a.d, a.d * b.d);
export const times = (a: Exact, b: Exact) => exact(a.n * b.n, a.d * b.d);
/** max(0, value). */
export const positivePart = (value: Exact) => (value.n > 0n ? value : ZERO);

/** A decimal such as "8.25" or "-3" (a database numeric or a setting), exactly. */
export function fromDecimal(text: string): Exact {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (!match) throw new RangeError(`not a decimal: ${text}`);
  const fraction = match[3] ?? '';
  const n = BigInt(match[2]! + fraction) * (match[1] ? -1n : 1n);
  return exact(n, 10n ** BigInt(fraction.length));
}

/** A JavaScript number that holds a short decimal (hours such as 7.5), through its shortest decimal form. */
export const fromNumber = (value: number) =>
  fromDecimal(Number.isInteger(value) ? String(value) : value.toFixed(6));

/** The nearest integer, a half going to the even neighbour (banker's rounding): the one rounding. */
export function round(value: Exact): bigint {
  const floor = value.n >= 0n ? value.n / value.d : -((-value.n + value.d - 1n) / value.d);
  const twice = 2n * (value.n - floor * value.d);
  if (twice < value.d) return floor;
  if (twice > value.d) return floor + 1n;
  return floor % 2n === 0n ? floor : floor + 1n;
}

/** An integer of minor units as a decimal string with the currency's digits: 12345n, 2 → "123.45". */
export function formatMinor(minor: bigint, digits: number): string {
  const sign = minor < 0n ? '-' : '';
  const text = abs(minor)
    .toString()
    .padStart(digits + 1, '0');
  return digits ? `${sign}${text.slice(0, -digits)}.${text.slice(-digits)}` : `${sign}${text}`;
}

/** A decimal string of a currency's amount to minor units; null when it has more digits than the currency. */
export function parseMinor(text: string, digits: number): bigint | null {
  const match = /^(-?)(\d{1,15})(?:\.(\d+))?$/.exec(text);
  if (!match) return null;
  const fraction = match[3] ?? '';
  if (fraction.length > digits) return null;
  return BigInt(match[2]! + fraction.padEnd(digits, '0')) * (match[1] ? -1n : 1n);
}

/** Hours shown with two decimals, rounded once. */
export const formatHours = (hours: Exact) => formatMinor(round(times(hours, exact(100n))), 2);

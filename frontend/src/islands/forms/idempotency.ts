/**
 * The idempotency key of one filling-in of an enquiry form: a random UUID the island sends with
 * every try of the same enquiry (the server stores the enquiry once per key, so a resend after a
 * 503 or a lost answer never makes a second copy), replaced once a send succeeds. See
 * crates/core/src/forms/wire.rs.
 */
export function newIdempotencyKey(): string {
  const webCrypto = globalThis.crypto;
  // randomUUID exists only in secure contexts (https, localhost); getRandomValues everywhere.
  if (typeof webCrypto.randomUUID === 'function') return webCrypto.randomUUID();
  const bytes = webCrypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40; // version 4
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80; // RFC 4122 variant
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

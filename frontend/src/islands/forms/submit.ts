/**
 * Posting an enquiry to the server's forms API as JSON and reading its answer:
 * 201 {"ok":true,"id":...} is sent; 422 {"ok":false,"errors":{field: message}} carries the
 * core's per-field messages; anything else (400, 403, 413, 415, 429, 5xx, or no answer at all)
 * is a failure the visitor may retry. Every try of one filling-in carries the same idempotency
 * key, so a retry after a lost answer is answered as the first and stored once.
 */
import type { FieldErrors } from './FormFields';

export type SubmitOutcome =
  | { kind: 'sent' }
  | { kind: 'invalid'; errors: FieldErrors }
  | { kind: 'failed'; message: string | null };

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function stringEntries(value: unknown): FieldErrors {
  if (!isRecord(value)) return {};
  return Object.fromEntries(
    Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

/** The idempotency key of the filling-in being sent, and the header it goes in. */
export interface IdempotencyKeyHeader {
  header: string;
  key: string;
}

export async function postEnquiry(
  endpoint: string,
  payload: Record<string, string>,
  idempotency: IdempotencyKeyHeader,
): Promise<SubmitOutcome> {
  let response: Response;
  try {
    response = await fetch(endpoint, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json',
        [idempotency.header]: idempotency.key,
      },
      body: JSON.stringify(payload),
      credentials: 'same-origin',
    });
  } catch {
    return { kind: 'failed', message: null };
  }
  const body: unknown = await response.json().catch(() => null);
  if (response.ok && isRecord(body) && body['ok'] === true) return { kind: 'sent' };
  if (response.status === 422 && isRecord(body)) {
    const errors = stringEntries(body['errors']);
    if (Object.keys(errors).length > 0) return { kind: 'invalid', errors };
  }
  const message = isRecord(body) && typeof body['message'] === 'string' ? body['message'] : null;
  return { kind: 'failed', message };
}

/**
 * The studio's passkey prompts (an entry of the editor's build: only the sign-in and account
 * pages link it). The server runs the WebAuthn ceremonies (crates/backoffice/src/passkeys.rs);
 * this script carries their JSON between it and the browser's passkey prompt, turning the
 * base64url fields into the bytes the browser's API takes and back.
 *
 * - `form[data-passkey="sign-in"]`: asks the server for a challenge, lets the person choose a
 *   passkey of this site on their device, sends the answer and follows the server to the next
 *   page.
 * - `form[data-passkey="add"]`: sends the password typed again, lets the device make a passkey,
 *   sends it to be stored.
 *
 * Each form is hidden in the page and shown here only where the browser has passkeys, so a
 * browser without them (or without scripts) simply offers the password.
 */

type Json = Record<string, unknown>;

function toBytes(base64url: string): ArrayBuffer {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes.buffer;
}

function fromBytes(buffer: ArrayBuffer | null): string | null {
  if (buffer === null) return null;
  let binary = '';
  for (const byte of new Uint8Array(buffer)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** A list of credential descriptors with their ids as bytes. */
function withIdBytes(list: unknown): unknown {
  return Array.isArray(list)
    ? list.map((entry: Json) => ({ ...entry, id: toBytes(String(entry['id'])) }))
    : list;
}

function creationOptions(publicKey: Json): CredentialCreationOptions {
  const user = publicKey['user'] as Json;
  return {
    publicKey: {
      ...(publicKey as unknown as PublicKeyCredentialCreationOptions),
      challenge: toBytes(String(publicKey['challenge'])),
      user: { ...(user as unknown as PublicKeyCredentialUserEntity), id: toBytes(String(user['id'])) },
      excludeCredentials: withIdBytes(publicKey['excludeCredentials']) as PublicKeyCredentialDescriptor[],
    },
  };
}

function requestOptions(publicKey: Json): CredentialRequestOptions {
  return {
    publicKey: {
      ...(publicKey as unknown as PublicKeyCredentialRequestOptions),
      challenge: toBytes(String(publicKey['challenge'])),
      allowCredentials: withIdBytes(publicKey['allowCredentials'] ?? []) as PublicKeyCredentialDescriptor[],
    },
  };
}

/** The browser's answer as the server reads it. */
function answerJson(credential: PublicKeyCredential): string {
  const response = credential.response;
  const common = {
    id: credential.id,
    rawId: fromBytes(credential.rawId),
    type: credential.type,
    extensions: credential.getClientExtensionResults(),
  };
  if (response instanceof AuthenticatorAttestationResponse) {
    return JSON.stringify({
      ...common,
      response: {
        attestationObject: fromBytes(response.attestationObject),
        clientDataJSON: fromBytes(response.clientDataJSON),
        transports: response.getTransports(),
      },
    });
  }
  const assertion = response as AuthenticatorAssertionResponse;
  return JSON.stringify({
    ...common,
    response: {
      authenticatorData: fromBytes(assertion.authenticatorData),
      clientDataJSON: fromBytes(assertion.clientDataJSON),
      signature: fromBytes(assertion.signature),
      userHandle: fromBytes(assertion.userHandle),
    },
  });
}

const PROBLEM = 'Something went wrong. Reload the page and try again.';

/** Posts `fields` to `url` and reads the JSON answer, or the words to show. */
async function post(url: string, fields: Record<string, string>): Promise<Json> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { Accept: 'application/json', 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields),
    credentials: 'same-origin',
  });
  const body = (await response.json().catch(() => ({ error: PROBLEM }))) as Json;
  if (!response.ok) throw new Error(typeof body['error'] === 'string' ? body['error'] : PROBLEM);
  return body;
}

function enhance(form: HTMLFormElement, run: (fields: Record<string, string>) => Promise<string>): void {
  const message = form.querySelector<HTMLElement>('[data-passkey-message]');
  const button = form.querySelector<HTMLButtonElement>('button');
  form.hidden = false;
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const fields = Object.fromEntries(
      [...new FormData(form).entries()].map(([name, value]) => [name, String(value)]),
    );
    if (button) button.disabled = true;
    if (message) message.hidden = true;
    run(fields)
      .then((next) => window.location.assign(next))
      .catch((error: unknown) => {
        // The person closing the device's prompt is no error worth more than a line.
        const cancelled = error instanceof DOMException && error.name === 'NotAllowedError';
        if (message) {
          message.textContent = cancelled
            ? 'No passkey was used. Try again when you are ready.'
            : error instanceof Error && !(error instanceof DOMException)
              ? error.message
              : PROBLEM;
          message.hidden = false;
        }
        if (button) button.disabled = false;
      });
  });
}

async function signIn(fields: Record<string, string>): Promise<string> {
  const csrf = fields['csrf'] ?? '';
  const options = await post('/studio/sign-in/passkey/start', { csrf });
  const credential = await navigator.credentials.get(requestOptions(options['publicKey'] as Json));
  if (!(credential instanceof PublicKeyCredential)) throw new Error(PROBLEM);
  const done = await post('/studio/sign-in/passkey', { csrf, credential: answerJson(credential) });
  return String(done['next']);
}

async function add(fields: Record<string, string>): Promise<string> {
  const options = await post('/studio/account/passkeys/start', fields);
  const credential = await navigator.credentials.create(creationOptions(options['publicKey'] as Json));
  if (!(credential instanceof PublicKeyCredential)) throw new Error(PROBLEM);
  const done = await post('/studio/account/passkeys/finish', {
    csrf: fields['csrf'] ?? '',
    credential: answerJson(credential),
  });
  return String(done['next']);
}

if (typeof window.PublicKeyCredential === 'function') {
  for (const form of document.querySelectorAll<HTMLFormElement>('form[data-passkey]')) {
    enhance(form, form.dataset['passkey'] === 'add' ? add : signIn);
  }
}

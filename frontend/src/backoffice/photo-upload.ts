/**
 * The photo upload form (`#photo-upload` on /studio/content/photos) with a progress bar: a phone
 * on a weak signal takes a while to send a 10 MB photo, and a page that only spins gives no idea
 * whether to wait. The same multipart form the page posts without scripts is sent with
 * XMLHttpRequest (fetch reports no upload progress), asking for JSON: on success the server
 * names the review page to go to, on refusal it says why, shown at the form with nothing typed
 * lost.
 */

/** What the bar's label says: `Uploading… 45% of 8.2 MB`. */
export function progressText(loaded: number, total: number): string {
  if (total <= 0) return 'Uploading…';
  const percent = Math.min(100, Math.floor((loaded / total) * 100));
  return `Uploading… ${percent}% of ${(total / 1_000_000).toFixed(1)} MB`;
}

/** The refusal's message from the server's JSON answer, or a plain one. */
export function refusalText(status: number, body: string): string {
  try {
    const answer = JSON.parse(body) as { error?: unknown };
    if (typeof answer.error === 'string' && answer.error !== '') return answer.error;
  } catch {
    // Not JSON: a proxy's page, say.
  }
  if (status === 413) return 'The photo is too large to upload.';
  return status === 0 ? 'The connection dropped before the photo was sent. Try again.' : `The upload was refused (${status}). Try again.`;
}

/** Takes over `form`'s submission. */
export function enhanceUpload(form: HTMLFormElement): void {
  const bar = document.createElement('progress');
  bar.className = 'photo-progress';
  bar.max = 100;
  bar.value = 0;
  bar.hidden = true;
  const label = document.createElement('p');
  label.className = 'editor-help';
  label.setAttribute('role', 'status');
  const error = document.createElement('p');
  error.className = 'field-error';
  error.setAttribute('role', 'alert');
  form.append(bar, label, error);
  const submit = form.querySelector<HTMLButtonElement>('button[type="submit"]');

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const request = new XMLHttpRequest();
    request.open('POST', form.action);
    request.setRequestHeader('Accept', 'application/json');
    request.upload.addEventListener('progress', (progress) => {
      bar.value = progress.lengthComputable ? Math.floor((progress.loaded / progress.total) * 100) : 0;
      label.textContent = progressText(progress.loaded, progress.lengthComputable ? progress.total : 0);
    });
    const finish = (message: string) => {
      bar.hidden = true;
      label.textContent = '';
      error.textContent = message;
      if (submit) submit.disabled = false;
    };
    request.addEventListener('load', () => {
      if (request.status >= 200 && request.status < 300) {
        const answer = JSON.parse(request.responseText) as { review?: string };
        label.textContent = 'Uploaded. Opening your draft…';
        window.location.assign(answer.review ?? '/studio/content/draft');
      } else {
        finish(refusalText(request.status, request.responseText));
      }
    });
    request.addEventListener('error', () => finish(refusalText(0, '')));
    error.textContent = '';
    bar.hidden = false;
    bar.value = 0;
    label.textContent = progressText(0, 0);
    if (submit) submit.disabled = true;
    request.send(new FormData(form));
  });
}

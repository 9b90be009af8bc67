import { beforeEach, describe, expect, it } from 'vitest';
import { FACES_KEY, FACES_LATER_CLASS, fetchFacesForNextPage } from './faces';

const FACES = '/assets/brand-display-a.woff2 /assets/brand-text-b.woff2';

/** A page as the server sends it: the start script naming the faces, the class it may set. */
function page(later: boolean): Document {
  const doc = document.implementation.createHTMLDocument('page');
  doc.head.innerHTML = `<script data-entry="/assets/main.js" data-faces="${FACES}"></script>`;
  doc.documentElement.classList.toggle(FACES_LATER_CLASS, later);
  return doc;
}

/** A fetch that answers every file with `status` and records what it was asked. */
function server(status: number) {
  const asked: [string, RequestInit | undefined][] = [];
  const fetcher = async (input: RequestInfo | URL, init?: RequestInit) => {
    asked.push([String(input), init]);
    return new Response(new Uint8Array(8), { status });
  };
  return { asked, fetcher };
}

beforeEach(() => window.localStorage.clear());

describe('the brand faces for the next page', () => {
  it('fetches both faces as the stylesheet would and records them, on a page painted without them', async () => {
    const { asked, fetcher } = server(200);
    await fetchFacesForNextPage(page(true), window.localStorage, fetcher);
    expect(asked.map(([url]) => url)).toEqual(FACES.split(' '));
    for (const [, init] of asked) expect(init).toEqual({ mode: 'cors', credentials: 'same-origin' });
    expect(window.localStorage.getItem(FACES_KEY)).toBe(FACES);
  });

  it('does nothing on a page that already has them', async () => {
    const { asked, fetcher } = server(200);
    await fetchFacesForNextPage(page(false), window.localStorage, fetcher);
    expect(asked).toEqual([]);
    expect(window.localStorage.getItem(FACES_KEY)).toBeNull();
  });

  it('records nothing when a face is not served, so the next page asks again', async () => {
    const { fetcher } = server(404);
    await fetchFacesForNextPage(page(true), window.localStorage, fetcher);
    expect(window.localStorage.getItem(FACES_KEY)).toBeNull();
  });

  it('records nothing offline', async () => {
    const offline = async () => {
      throw new TypeError('Failed to fetch');
    };
    await fetchFacesForNextPage(page(true), window.localStorage, offline);
    expect(window.localStorage.getItem(FACES_KEY)).toBeNull();
  });
});

/**
 * The studio content editor's entry (its own build: only the studio's content pages link it, so
 * no visitor's page carries it).
 *
 * - On `/studio/content/edit/{file}` it reads what the page gives it (`#content-editor-data`,
 *   the server's `EditorData`), loads the studio's WebAssembly module (the core's check, schemas
 *   and file writer) and draws the form over the page's plain text form, which stays as it is
 *   without scripts.
 * - On `/studio/content/photos` it gives the upload form its progress bar (./photo-upload.ts);
 *   that page never loads the WebAssembly module.
 */
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { ContentEditor, type EditorData } from './ContentEditor';
import { enhanceUpload } from './photo-upload';
import './editor.css';

const mount = document.getElementById('content-editor');
const given = document.getElementById('content-editor-data')?.textContent;
if (mount && given) {
  const data = JSON.parse(given) as EditorData;
  const studio = await import('./wasm-pkg/onespace_editor_wasm');
  const root = createRoot(mount);
  // As a transition, React builds the form a few milliseconds at a time and lets the browser in
  // between, instead of one long task (65 ms on a fast desktop for the prices) during which a
  // tap on the phone would wait. The plain form stays in place until the new one is ready.
  startTransition(() =>
    root.render(
      <StrictMode>
        <ContentEditor data={data} studio={studio} />
      </StrictMode>,
    ),
  );
}

const upload = document.getElementById('photo-upload');
if (upload instanceof HTMLFormElement) enhanceUpload(upload);

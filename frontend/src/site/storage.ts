/** The browser's localStorage, or null where it is blocked (reading `localStorage` can throw). */
export function safeLocalStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

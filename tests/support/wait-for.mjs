// Waits for a server the scripts start (make audit, the style harness) to answer `url` with a
// success, for at most 20 s.
export async function waitFor(url) {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no answer from ${url}`);
}

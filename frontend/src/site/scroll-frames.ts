/**
 * Runs `update` in the next animation frame and then at most once per frame while `win` scrolls:
 * scroll events come many times a frame, and what follows them (a bar shown, the chat button
 * tucked) needs reading only once before each paint. Passive, so it never holds the scroll back.
 *
 * The first run waits for a frame too: `update` reads the layout, and read while the page's
 * scripts start it would make the browser work out style and layout before the first paint and
 * then again for it (on a phone, tens of milliseconds before anything shows).
 */
export function onScrollFrames(win: Window, update: () => void): void {
  let frame = 0;
  const run = () => {
    frame = 0;
    update();
  };
  frame = win.requestAnimationFrame(run);
  win.addEventListener(
    'scroll',
    () => {
      if (!frame) frame = win.requestAnimationFrame(run);
    },
    { passive: true },
  );
}

/**
 * Runs `update` now and then at most once per animation frame while `win` scrolls: scroll events
 * come many times a frame, and what follows them (a bar shown, the chat button tucked) needs
 * reading only once before each paint. Passive, so it never holds the scroll back.
 */
export function onScrollFrames(win: Window, update: () => void): void {
  let frame = 0;
  const run = () => {
    frame = 0;
    update();
  };
  run();
  win.addEventListener(
    'scroll',
    () => {
      if (!frame) frame = win.requestAnimationFrame(run);
    },
    { passive: true },
  );
}

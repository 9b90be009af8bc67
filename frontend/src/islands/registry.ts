/**
 * Every island component by the name the server writes in data-island. Each entry is a dynamic
 * import, so a component's code (and React itself) is fetched only when an island needs it.
 */
import type { IslandRegistry } from './runtime/runtime';

export const islands: IslandRegistry = {
  CookieBanner: () => import('./cookie-banner/CookieBanner'),
  IntroCountdown: () => import('./countdown/IntroCountdown'),
};

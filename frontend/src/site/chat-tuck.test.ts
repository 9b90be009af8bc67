import { describe, expect, it } from 'vitest';
import { nextTuck, SLACK, type TuckState } from './chat-tuck';

const VIEWPORT = 800;
const HEIGHT = 5000;

/** The state after scrolling through `positions` in turn, from the top of the page. */
function scrollThrough(positions: number[], from: TuckState = { y: 0, run: 0, tucked: false }): TuckState {
  return positions.reduce((state, y) => nextTuck(state, y, VIEWPORT, HEIGHT), from);
}

describe('the chat button stepping aside', () => {
  it('stays while the visitor has scrolled down less than the slack, and goes after', () => {
    expect(scrollThrough([SLACK - 1]).tucked).toBe(false);
    expect(scrollThrough([10, SLACK]).tucked).toBe(true);
    expect(scrollThrough([400, 1200, 2000]).tucked).toBe(true);
  });

  it('stays away when the visitor stops, and returns once they scroll up by the slack', () => {
    const reading = scrollThrough([1500, 1500, 1500]);
    expect(reading.tucked).toBe(true);
    expect(scrollThrough([1500 - SLACK + 1], reading).tucked).toBe(true);
    expect(scrollThrough([1500 - SLACK], reading).tucked).toBe(false);
  });

  it('a small jiggle back down does not add to the run up', () => {
    const reading = scrollThrough([1500]);
    expect(scrollThrough([1490, 1495, 1480], reading).tucked).toBe(true);
  });

  it('is there at the top and at the end of the page', () => {
    expect(scrollThrough([2000, 0]).tucked).toBe(false);
    expect(scrollThrough([2000, HEIGHT - VIEWPORT]).tucked).toBe(false);
    expect(scrollThrough([2000, HEIGHT - VIEWPORT, HEIGHT - VIEWPORT - 10]).tucked).toBe(false);
  });

  it('comes back when the visitor scrolls up, then goes again as they read on', () => {
    expect(scrollThrough([2000, 1000, 1000 + SLACK]).tucked).toBe(true);
  });
});

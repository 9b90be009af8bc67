import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/dom';
import { mount } from './BackToSchoolBar';

const props = {
  title: 'Back to School offers',
  threshold: 600,
  links: [
    { label: 'Buy Credit Packs', href: '/memberships' },
    { label: 'Join with 20% Off', href: '/memberships' },
    { label: 'Book Zoom Consult', href: '/challenge' },
  ],
  selectLabel: 'Choose an offer',
  selectPrompt: 'Choose an offer...',
};

function scrollTo(y: number) {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
  window.dispatchEvent(new Event('scroll'));
}

beforeEach(() => {
  window.requestAnimationFrame = (callback) => {
    callback(0);
    return 0;
  };
});

/** Mounts the bar in an element of the page, as the islands runtime does. */
function showBar() {
  const host = document.createElement('div');
  document.body.append(host);
  mount(host, { ...props });
}

afterEach(() => {
  document.body.innerHTML = '';
  vi.restoreAllMocks();
  scrollTo(0);
});

describe('BackToSchoolBar', () => {
  it('appears only after 600 px of scroll', () => {
    showBar();
    const bar = screen.getByRole('navigation', { hidden: true });
    expect(bar.hidden).toBe(true);
    scrollTo(600);
    expect(bar.hidden).toBe(true);
    scrollTo(601);
    expect(bar.hidden).toBe(false);
    expect(screen.getAllByRole('link').map((link) => link.textContent)).toEqual(props.links.map((link) => link.label));
    scrollTo(10);
    expect(bar.hidden).toBe(true);
  });

  it('navigates when an offer is chosen from the phone select', () => {
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign });
    showBar();
    scrollTo(900);
    fireEvent.change(screen.getByLabelText('Choose an offer'), { target: { value: '/challenge' } });
    expect(assign).toHaveBeenCalledWith('/challenge');
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import CookieBanner from './CookieBanner';

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

describe('CookieBanner', () => {
  it('shows while no consent is stored and hides after Accept All', () => {
    render(<CookieBanner privacyPath="/privacy" />);
    expect(screen.getByRole('link', { name: 'Privacy Notice' }).getAttribute('href')).toBe('/privacy');
    fireEvent.click(screen.getByRole('button', { name: 'Accept All' }));
    expect(window.localStorage.getItem('cookie-consent')).toBe('accepted');
    expect(screen.queryByRole('region', { name: 'Cookie consent' })).toBeNull();
  });

  it('stores declined on Decline', () => {
    render(<CookieBanner />);
    fireEvent.click(screen.getByRole('button', { name: 'Decline' }));
    expect(window.localStorage.getItem('cookie-consent')).toBe('declined');
  });

  it('stays hidden when a choice is stored', () => {
    window.localStorage.setItem('cookie-consent', 'declined');
    render(<CookieBanner />);
    expect(screen.queryByRole('region', { name: 'Cookie consent' })).toBeNull();
  });
});

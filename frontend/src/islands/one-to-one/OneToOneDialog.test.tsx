import { realCore } from '../testing/real-core';
import '../testing/dialog';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { requestIsland } from '../../site/island-requests';
import OneToOneDialog from './OneToOneDialog';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

describe('OneToOneDialog', () => {
  it("opens for the chosen coach and opens the core's 1-2-1 mail link", async () => {
    const coach = { id: 'ross', name: 'Ross' };
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign });
    const host = document.createElement('div');
    host.dataset['island'] = 'OneToOneDialog';
    host.dataset['islandState'] = 'mounted';
    document.body.append(host);
    render(
      <OneToOneDialog
        titlePrefix="1-2-1 Personal Training with"
        description="Tell us when suits you."
        emailLabel="Email to enquire"
        callLabel="Call the studio"
        coaches={{ [coach.id]: coach.name }}
        to="team@example.co.uk"
        tel="tel:+441310000000"
      />,
    );
    act(() => {
      requestIsland('OneToOneDialog', { memberId: coach.id });
    });
    const dialog = await screen.findByRole('dialog', { name: `1-2-1 Personal Training with ${coach.name}` });
    expect(screen.getByRole('link', { name: 'Call the studio' }).getAttribute('href')).toBe('tel:+441310000000');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Email to enquire' }));
    fireEvent.click(screen.getByRole('button', { name: 'Email to enquire' }));
    expect(assign).toHaveBeenCalledWith(realCore.oneToOneMailLink(coach.name, 'team@example.co.uk'));
    expect(String(assign.mock.calls[0]?.[0])).toMatch(/^mailto:team@example\.co\.uk\?subject=/);
    expect(dialog.isConnected).toBe(false);
  });
});

import { realCore } from '../testing/real-core';
import '../testing/dialog';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { requestIsland } from '../../site/island-requests';
import DiscountDialog from './DiscountDialog';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

function toasts(): string[] {
  return Array.from(document.querySelectorAll('.toast')).map((toast) => toast.textContent ?? '');
}

async function openDialog() {
  const host = document.createElement('div');
  host.dataset['island'] = 'DiscountDialog';
  host.dataset['islandState'] = 'mounted';
  document.body.append(host);
  render(<DiscountDialog title="Request Discount Code" description="25% off" percentOff={25} texts={{ choosePrompt: 'Please choose...', optionalPrompt: 'Select an option' }} to="team@example.co.uk" />);
  act(() => {
    requestIsland('DiscountDialog');
  });
  return screen.findByRole('dialog', { name: 'Request Discount Code' });
}

describe('DiscountDialog', () => {
  it('stops with the destructive toast when a required field is blank', async () => {
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign });
    const dialog = await openDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: realCore.formMessages('discount').submitLabel }));
    expect(toasts()).toEqual(['Please fill in all required fields×']);
    expect(document.querySelector('.toast')?.getAttribute('role')).toBe('alert');
    expect(assign).not.toHaveBeenCalled();
    expect(dialog.hasAttribute('open')).toBe(true);
  });

  it('opens the core discount mail link, closes, clears and confirms', async () => {
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign });
    const dialog = await openDialog();
    const values = { name: 'Ada', email: 'ada@example.com', phone: '07700 900000', discountType: 'Student' };
    fireEvent.change(within(dialog).getByLabelText('Full Name', { exact: false }), { target: { value: values.name } });
    fireEvent.change(within(dialog).getByLabelText('Email', { exact: false }), { target: { value: values.email } });
    fireEvent.change(within(dialog).getByLabelText('Phone', { exact: false }), { target: { value: values.phone } });
    fireEvent.change(within(dialog).getByLabelText('Discount Type', { exact: false }), {
      target: { value: values.discountType },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: realCore.formMessages('discount').submitLabel }));
    const link = realCore.mailLink('discount', { ...values, additionalInfo: '', percentOff: '25' }, 'team@example.co.uk');
    expect(assign).toHaveBeenCalledWith(link);
    // The page's percentage, not a figure the module keeps, is in the mail.
    expect(decodeURIComponent(link)).toContain('Student discount (25% off recurring memberships).');
    expect(dialog.hasAttribute('open')).toBe(false);
    expect(toasts()).toEqual(['Email client openedPlease send the email to complete your discount request.×']);
    expect((within(dialog).getByLabelText('Full Name', { exact: false }) as HTMLInputElement).value).toBe('');
  });
});

import { realCore } from '../testing/real-core';
import '../testing/dialog';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { requestIsland } from '../../site/island-requests';
import MembershipDialog from './MembershipDialog';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

describe('MembershipDialog', () => {
  it('opens with the chosen plan preselected and closes after a successful request', async () => {
    const fetchMock = vi.fn(async () => new Response('{"ok":true,"id":"m1"}', { status: 201 }));
    vi.stubGlobal('fetch', fetchMock);
    const host = document.createElement('div');
    host.dataset['island'] = 'MembershipDialog';
    host.dataset['islandState'] = 'mounted';
    document.body.append(host);
    const plan = realCore.formSchema('membership').fields.find((field) => field.name === 'selectedMembership')?.options[1]?.value ?? '';
    render(
      <MembershipDialog
        title="Claim Your Founder Membership"
        description="Lock in 20% off for life."
        form="membership"
        formType="membership"
        endpoint="/api/enquiries"
        action="/founder-memberships#membership-form"
        fields={realCore.formSchema('membership').fields}
        messages={realCore.formMessages('membership')}
        anchor="membership-dialog-form"
        texts={{
            choosePrompt: 'Please choose...',
            optionalPrompt: 'Select an option',
            summaryTitle: 'Please check the following and try again:',
            requiredNoteBefore: 'Fields marked',
            requiredNoteAfter: 'are required.',
            honeypotLabel: 'Leave this empty',
          }}
        honeypot="website"
        idempotencyHeader="Idempotency-Key"
        idempotencyField="idempotencyKey"
      />,
    );
    act(() => {
      requestIsland('MembershipDialog', { plan });
    });
    const dialog = await screen.findByRole('dialog', { name: 'Claim Your Founder Membership' });
    expect((within(dialog).getByLabelText('Membership Plan', { exact: false }) as HTMLSelectElement).value).toBe(plan);
    fireEvent.change(within(dialog).getByLabelText('Full Name', { exact: false }), { target: { value: 'Ada' } });
    fireEvent.change(within(dialog).getByLabelText('Email', { exact: false }), { target: { value: 'ada@example.com' } });
    fireEvent.click(within(dialog).getByLabelText('Pay monthly'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm Membership Request' }));
    await waitFor(() => expect(dialog.hasAttribute('open')).toBe(false));
    const body = JSON.parse(String((fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].body));
    expect(body).toMatchObject({ formType: 'membership', selectedMembership: plan, payAnnually: 'no', fullName: 'Ada' });
    expect(document.querySelector('.toast')?.textContent).toContain('Membership Request Sent!');
  });
});

import { realCore } from '../testing/real-core';
import '../testing/dialog';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { requestIsland } from '../../site/island-requests';
import ChatAssistant from './ChatAssistant';

const topics = [
  'schedule',
  'location',
  'whatToBring',
  'firstTime',
  'membership',
  'challenge',
  'cancel',
  'contact',
  'fallback',
] as const;

const props = {
  openLabel: 'Chat with our assistant',
  labels: {
    title: 'One Space Assistant',
    inputLabel: 'Your message',
    placeholder: 'Ask about classes, prices, parking...',
    sendLabel: 'Send',
    closeLabel: 'Close chat',
    contactButton: 'Contact the team',
    cancelButton: 'Cancel membership',
  },
  contactDialogTitle: 'Contact the team',
  cancelDialogTitle: 'Cancel your membership',
  texts: { choosePrompt: 'Please choose...', optionalPrompt: 'Select an option' },
  // The server words one reply per topic from the studio's content; here Lite is at £55.
  replies: topics.map((topic) => ({
    topic,
    text: topic === 'membership' ? 'Lite £55 (4 sessions), Unlimited £139.' : `About ${topic}.`,
    showContactButton: topic === 'contact' || topic === 'fallback',
    showCancelButton: topic === 'cancel',
  })),
  greeting: 'Hi! Ask me anything.',
  contactConfirmation: 'Thanks for getting in touch!',
  cancelConfirmation: 'Thanks - your cancellation request is ready to send.',
  // The studio's address comes from the content; the links go wherever the props say.
  to: 'team@example.co.uk',
};

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

async function openChat() {
  render(<ChatAssistant {...props} />);
  fireEvent.click(screen.getByRole('button', { name: 'Chat with our assistant' }));
  return screen.findByRole('dialog', { name: 'One Space Assistant' });
}

function say(text: string) {
  fireEvent.change(screen.getByLabelText('Your message'), { target: { value: text } });
  fireEvent.submit(screen.getByLabelText('Your message').closest('form') as HTMLFormElement);
}

function botTexts(panel: HTMLElement): string[] {
  return Array.from(panel.querySelectorAll('[data-from="bot"] p')).map((p) => p.textContent ?? '');
}

describe('ChatAssistant', () => {
  it('opens with the core greeting, focuses the input and answers by keyword', async () => {
    const panel = await openChat();
    expect(botTexts(panel)).toEqual([props.greeting]);
    // The panel focuses its input in an effect after it is shown: wait for it rather than assume
    // the effect already ran (on a loaded machine it sometimes had not).
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Your message')));
    say('  where are you located?  ');
    expect(panel.querySelector('[data-from="visitor"]')?.textContent).toBe('where are you located?');
    expect(realCore.chatTopic('where are you located?')).toBe('location');
    expect(botTexts(panel)[1]).toBe('About location.');
    expect((screen.getByLabelText('Your message') as HTMLInputElement).value).toBe('');
  });

  it('answers with the reply for the topic, from its props', async () => {
    const panel = await openChat();
    say('how much is a membership?');
    expect(botTexts(panel)[1]).toContain('Lite £55 (4 sessions), Unlimited £139.');
  });

  it('ignores blank input', async () => {
    const panel = await openChat();
    say('   ');
    expect(panel.querySelectorAll('.chat-message')).toHaveLength(1);
  });

  it('closes on Escape and returns focus to the button', async () => {
    const panel = await openChat();
    fireEvent.keyDown(screen.getByLabelText('Your message'), { key: 'Escape' });
    expect(panel.isConnected).toBe(false);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Chat with our assistant' }));
  });

  it('opens the contact dialog from a reply, opens the core mail link and appends the confirmation', async () => {
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign });
    const panel = await openChat();
    say('qwertyuiop');
    expect(realCore.chatTopic('qwertyuiop')).toBe('fallback');
    expect(botTexts(panel).at(-1)).toBe('About fallback.');
    fireEvent.click(within(panel).getByRole('button', { name: 'Contact the team' }));
    const dialog = screen.getByRole('dialog', { name: 'Contact the team' });
    fireEvent.click(within(dialog).getByRole('button', { name: realCore.formMessages('chatContact').submitLabel }));
    expect(assign).not.toHaveBeenCalled();
    expect(within(dialog).getByText(realCore.validateForm('chatContact', {}).errors['name'] ?? '')).toBeTruthy();
    const values = { name: 'Ada', email: 'ada@example.com', message: 'Hello' };
    fireEvent.change(within(dialog).getByLabelText('Full Name', { exact: false }), { target: { value: values.name } });
    fireEvent.change(within(dialog).getByLabelText('Email', { exact: false }), { target: { value: values.email } });
    fireEvent.change(within(dialog).getByLabelText('Message', { exact: false }), { target: { value: values.message } });
    fireEvent.click(within(dialog).getByRole('button', { name: realCore.formMessages('chatContact').submitLabel }));
    expect(assign).toHaveBeenCalledWith(realCore.mailLink('chatContact', values, 'team@example.co.uk'));
    expect(String(assign.mock.calls[0]?.[0])).toMatch(/^mailto:team@example\.co\.uk\?subject=/);
    expect(dialog.hasAttribute('open')).toBe(false);
    expect(botTexts(panel).at(-1)).toBe(props.contactConfirmation);
  });

  it('opens the cancellation dialog and sends the core cancellation link', async () => {
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign });
    const panel = await openChat();
    say('How do I cancel?');
    fireEvent.click(within(panel).getByRole('button', { name: 'Cancel membership' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel your membership' });
    const values = { name: 'Ada', email: 'ada@example.com', membershipType: 'Flex', reason: '' };
    fireEvent.change(within(dialog).getByLabelText('Full Name', { exact: false }), { target: { value: values.name } });
    fireEvent.change(within(dialog).getByLabelText('Email', { exact: false }), { target: { value: values.email } });
    fireEvent.change(within(dialog).getByLabelText('Current Membership Type', { exact: false }), {
      target: { value: values.membershipType },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: realCore.formMessages('cancellation').submitLabel }));
    expect(assign).toHaveBeenCalledWith(realCore.mailLink('cancellation', values, 'team@example.co.uk'));
    expect(botTexts(panel).at(-1)).toBe(props.cancelConfirmation);
  });

  it('opens when a chat button elsewhere on the page asks for it', async () => {
    const host = document.createElement('div');
    host.dataset['island'] = 'ChatAssistant';
    host.dataset['islandState'] = 'mounted';
    document.body.append(host);
    render(<ChatAssistant {...props} />);
    requestIsland('ChatAssistant');
    expect(await screen.findByRole('dialog', { name: 'One Space Assistant' })).toBeTruthy();
  });
});

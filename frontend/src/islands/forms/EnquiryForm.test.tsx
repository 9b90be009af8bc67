import { realCore } from '../testing/real-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { FormName } from '../../wasm-pkg/onespace_wasm';
import EnquiryForm from './EnquiryForm';
import type { EnquiryFormProps } from './types';

const TEXTS = {
    choosePrompt: 'Please choose...',
    optionalPrompt: 'Select an option',
    summaryTitle: 'Please check the following and try again:',
    requiredNoteBefore: 'Fields marked',
    requiredNoteAfter: 'are required.',
    honeypotLabel: 'Leave this empty',
  };

function propsFor(form: FormName, formType: string, extra: Partial<EnquiryFormProps> = {}): EnquiryFormProps {
  return {
    form,
    formType,
    endpoint: '/api/enquiries',
    action: `/page#${form}-form`,
    fields: realCore.formSchema(form).fields,
    messages: realCore.formMessages(form),
    anchor: `${form}-form`,
    texts: TEXTS,
    honeypot: 'website',
    idempotencyHeader: 'Idempotency-Key',
    idempotencyField: 'idempotencyKey',
    ...extra,
  };
}

function reply(status: number, body: unknown) {
  return vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));
}

function toasts(): string[] {
  return Array.from(document.querySelectorAll('.toast')).map((toast) => toast.textContent ?? '');
}

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label, { exact: false }), { target: { value } });
}

beforeEach(() => {
  window.requestAnimationFrame = (callback) => {
    callback(0);
    return 0;
  };
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

function fillContact() {
  fill('First Name', 'Ada');
  fill('Last Name', 'Lovelace');
  fill('Email', 'ada@example.com');
  fill('Message', 'Do you have parking?');
}

describe('EnquiryForm', () => {
  it('posts JSON, shows Sending... while waiting, then the toast and the thank-you panel', async () => {
    let answer: (response: Response) => void = () => undefined;
    const fetchMock = vi.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
    vi.stubGlobal('fetch', fetchMock);
    render(
      <EnquiryForm
        {...propsFor('contact', 'contact', {
          thanks: {
            title: 'Message Sent!',
            text: realCore.formMessages('contact').thankYou ?? '',
            actions: [
              { label: 'Read the FAQ', href: '/faq', className: 'btn btn-dark' },
              { label: 'Send another message', href: '/contact#contact-form', className: 'btn btn-primary', again: true },
            ],
          },
        })}
      />,
    );
    fillContact();
    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    const sending = await screen.findByRole('button', { name: 'Sending...' });
    expect((sending as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByLabelText('First Name', { exact: false }) as HTMLInputElement).disabled).toBe(true);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/enquiries');
    expect(JSON.parse(String(init.body))).toMatchObject({
      formType: 'contact',
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      phone: '',
      interest: '',
      message: 'Do you have parking?',
      website: '',
    });
    await act(async () => answer(new Response('{"ok":true,"id":"e1"}', { status: 201 })));
    expect(await screen.findByText("Thanks for contacting us! We'll get back in touch ASAP.")).toBeTruthy();
    expect(toasts()).toEqual(["Message Sent!Thank you for contacting us. We'll get back to you soon!×"]);
    expect(screen.getByRole('link', { name: 'Read the FAQ' }).getAttribute('href')).toBe('/faq');
    fireEvent.click(screen.getByRole('link', { name: 'Send another message' }));
    expect((screen.getByLabelText('First Name', { exact: false }) as HTMLInputElement).value).toBe('');
  });

  it('sends once when pressed again before the first press has been checked', async () => {
    const fetchMock = reply(201, { ok: true, id: 'e2' });
    vi.stubGlobal('fetch', fetchMock);
    render(<EnquiryForm {...propsFor('contact', 'contact')} />);
    fillContact();
    const button = screen.getByRole('button', { name: 'Send Message' });
    fireEvent.click(button);
    fireEvent.click(button);
    await waitFor(() => expect(toasts()).toEqual(["Message Sent!Thank you for contacting us. We'll get back to you soon!×"]));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    // Once that send is over, the form sends again.
    fillContact();
    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
  });

  it('keeps the values and shows the error toast and the 422 messages beside their fields', async () => {
    vi.stubGlobal('fetch', reply(422, { ok: false, errors: { email: 'Please enter a valid email address.' } }));
    render(<EnquiryForm {...propsFor('contact', 'contact')} />);
    fillContact();
    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    await waitFor(() => expect(document.getElementById('contact-form-email-error')?.textContent).toBe('Please enter a valid email address.'));
    expect(document.querySelector('.form-summary')?.textContent).toContain('Please enter a valid email address.');
    expect(screen.getByLabelText('Email', { exact: false }).getAttribute('aria-invalid')).toBe('true');
    expect((screen.getByLabelText('First Name', { exact: false }) as HTMLInputElement).value).toBe('Ada');
    expect(toasts()).toEqual(['ErrorFailed to send message. Please try again.×']);
  });

  it('treats any other answer as a failure and keeps the form', async () => {
    vi.stubGlobal('fetch', reply(429, { ok: false, message: 'Too many requests' }));
    render(<EnquiryForm {...propsFor('investmentInterest', 'investment')} />);
    fill('Full Name', 'Grace');
    fill('Email', 'grace@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Register Interest' }));
    await waitFor(() => expect(toasts()).toEqual(['ErrorFailed to register interest. Please try again.×']));
    expect((screen.getByLabelText('Full Name', { exact: false }) as HTMLInputElement).value).toBe('Grace');
  });

  it('clears the investor forms after success and stays on the form (no thank-you panel)', async () => {
    vi.stubGlobal('fetch', reply(201, { ok: true, id: 'x' }));
    render(<EnquiryForm {...propsFor('investorContact', 'investment')} />);
    fill('Full Name', 'Grace');
    fill('Email', 'grace@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    await waitFor(() =>
      expect(toasts()).toEqual([
        "Message Sent!Thank you for your interest! We'll be in touch soon to discuss the investment opportunity.×",
      ]),
    );
    expect((screen.getByLabelText('Full Name', { exact: false }) as HTMLInputElement).value).toBe('');
  });

  it('stops a membership request with missing fields: Missing Information, no request', async () => {
    const fetchMock = reply(201, { ok: true });
    vi.stubGlobal('fetch', fetchMock);
    render(<EnquiryForm {...propsFor('membership', 'membership')} />);
    fill('Full Name', 'Grace');
    fireEvent.click(screen.getByRole('button', { name: 'Confirm Membership Request' }));
    await waitFor(() => expect(toasts()).toEqual(['Missing InformationPlease fill in all required fields.×']));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(screen.getByLabelText('Email', { exact: false }));
  });

  it('shows the server-rendered messages and values of a no-JavaScript post', () => {
    render(
      <EnquiryForm
        {...propsFor('contact', 'contact', {
          values: { firstName: 'Ada' },
          errors: { message: 'Please enter your message.' },
        })}
      />,
    );
    expect((screen.getByLabelText('First Name', { exact: false }) as HTMLInputElement).value).toBe('Ada');
    expect(document.getElementById('contact-form-message-error')?.textContent).toBe('Please enter your message.');
    expect(screen.getByRole('link', { name: 'Please enter your message.' }).getAttribute('href')).toBe('#contact-form-message');
  });
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

function sentKeys(fetchMock: ReturnType<typeof vi.fn>): string[] {
  return fetchMock.mock.calls.map((call) => {
    const init = (call as unknown as [string, RequestInit])[1];
    return new Headers(init.headers).get('Idempotency-Key') ?? '';
  });
}

describe('EnquiryForm idempotency key', () => {
  it('sends one key for every try of a filling-in and a fresh one after a send succeeds', async () => {
    const answers = [503, 201, 201];
    const fetchMock = vi.fn(async () => {
      const status = answers.shift() ?? 500;
      return new Response(JSON.stringify({ ok: status === 201, id: 'e1' }), { status });
    });
    vi.stubGlobal('fetch', fetchMock);
    render(<EnquiryForm {...propsFor('investorContact', 'investment')} />);
    const send = () => {
      fill('Full Name', 'Grace');
      fill('Email', 'grace@example.com');
      fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    };
    send();
    await waitFor(() => expect(toasts()).toHaveLength(1));
    fill('Full Name', 'Grace Hopper');
    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    await waitFor(() => expect((screen.getByLabelText('Full Name', { exact: false }) as HTMLInputElement).value).toBe(''));
    send();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(3));
    const [first, retry, next] = sentKeys(fetchMock);
    expect(first).toMatch(UUID);
    expect(retry).toBe(first);
    expect(next).toMatch(UUID);
    expect(next).not.toBe(first);
  });

  it('keeps the key of the no-JavaScript post the page answers', async () => {
    const fetchMock = reply(201, { ok: true, id: 'e1' });
    vi.stubGlobal('fetch', fetchMock);
    const key = '0b7e4c1a-5d3f-4a8e-9c21-6f0d2b9e8a47';
    render(<EnquiryForm {...propsFor('contact', 'contact', { idempotencyKey: key, values: { firstName: 'Ada' } })} />);
    expect((document.querySelector('input[name="idempotencyKey"]') as HTMLInputElement).value).toBe(key);
    fillContact();
    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(sentKeys(fetchMock)).toEqual([key]);
  });
});

describe('EnquiryForm over the server form', () => {
  it('keeps what the visitor typed before the island mounted, and the focus', () => {
    document.body.innerHTML = `<form id="contact-form"><input id="contact-form-firstName" name="firstName" value="Ad"><textarea name="message">Hi</textarea></form>`;
    (document.getElementById('contact-form-firstName') as HTMLInputElement).focus();
    const host = document.createElement('div');
    document.body.append(host);
    const server = document.getElementById('contact-form');
    render(<EnquiryForm {...propsFor('contact', 'contact')} />, { container: host });
    server?.remove();
    expect((screen.getByLabelText('First Name', { exact: false }) as HTMLInputElement).value).toBe('Ad');
    expect((screen.getByLabelText('Message', { exact: false }) as HTMLTextAreaElement).value).toBe('Hi');
  });
});

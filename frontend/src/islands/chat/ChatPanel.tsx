/**
 * The open chat: header, the conversation (a polite live region, so replies are read out) and
 * the input. Enter sends; the owner ignores blank input. Escape closes the panel. A reply's class
 * rows are a list (day, time, class, coach, spaces) each with its Book link to the provider's
 * page in a new tab; its links follow. Everything is rendered as text by React: nothing a
 * visitor types, nor any reply, becomes markup.
 */
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { ChatMessage } from './messages';

export interface ChatPanelLabels {
  title: string;
  inputLabel: string;
  placeholder: string;
  sendLabel: string;
  closeLabel: string;
  contactButton: string;
  cancelButton: string;
}

interface ChatPanelProps {
  id: string;
  labels: ChatPanelLabels;
  messages: ChatMessage[];
  onSend: (text: string) => void;
  onClose: () => void;
  onContact: () => void;
  onCancelMembership: () => void;
}

export function ChatPanel({ id, labels, messages, onSend, onClose, onContact, onCancelMembership }: ChatPanelProps) {
  const [draft, setDraft] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);
  const logRef = useRef<HTMLOListElement>(null);

  useEffect(() => inputRef.current?.focus(), []);
  useEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [messages]);

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    // An open dialog above the panel handles its own Escape.
    if (event.key === 'Escape' && !event.defaultPrevented) {
      event.stopPropagation();
      onClose();
    }
  };

  return (
    <section id={id} className="chat-panel" role="dialog" aria-label={labels.title} onKeyDown={onKeyDown}>
      <div className="chat-header">
        <h2 className="chat-title">{labels.title}</h2>
        <button type="button" className="chat-close" aria-label={labels.closeLabel} onClick={onClose}>
          ×
        </button>
      </div>
      <ol ref={logRef} className="chat-log" aria-live="polite" aria-relevant="additions">
        {messages.map((message) => (
          <li key={message.id} className="chat-message" data-from={message.isBot ? 'bot' : 'visitor'}>
            <p>{message.text}</p>
            {message.classes.length > 0 ? (
              <ul className="chat-classes">
                {message.classes.map((row, index) => (
                  <li key={index} className="chat-class">
                    <span className="chat-class-details">
                      <span className="chat-class-when">
                        {row.day}, {row.time}
                      </span>{' '}
                      <span className="chat-class-name">{row.name}</span>
                      {row.coach ? <span className="chat-class-meta"> with {row.coach}</span> : null}
                      {row.status ? (
                        <span className={row.full ? 'chat-class-full' : 'chat-class-meta'}>. {row.status}</span>
                      ) : null}
                    </span>{' '}
                    {row.bookUrl ? (
                      <a className="chat-class-book" href={row.bookUrl} target="_blank" rel="noopener noreferrer" aria-label={row.bookLabel}>
                        Book
                      </a>
                    ) : null}
                  </li>
                ))}
              </ul>
            ) : null}
            {message.notes.map((note, index) => (
              <p key={index} className="chat-note">
                {note}
              </p>
            ))}
            {message.links.length > 0 ? (
              <ul className="chat-links">
                {message.links.map((link) => (
                  <li key={link.href}>
                    {link.external ? (
                      <a href={link.href} target="_blank" rel="noopener noreferrer">
                        {link.label} <span className="sr-only">(opens in a new tab)</span>
                      </a>
                    ) : (
                      <a href={link.href}>{link.label}</a>
                    )}
                  </li>
                ))}
              </ul>
            ) : null}
            {message.showContactButton || message.showCancelButton ? (
              <div className="chat-message-actions">
                {message.showContactButton ? (
                  <button type="button" className="btn btn-outline btn-sm" onClick={onContact}>
                    {labels.contactButton}
                  </button>
                ) : null}
                {message.showCancelButton ? (
                  <button type="button" className="btn btn-outline btn-sm" onClick={onCancelMembership}>
                    {labels.cancelButton}
                  </button>
                ) : null}
              </div>
            ) : null}
          </li>
        ))}
      </ol>
      <form
        className="chat-input"
        onSubmit={(event) => {
          event.preventDefault();
          onSend(draft);
          if (draft.trim()) setDraft('');
        }}
      >
        <label className="sr-only" htmlFor={`${id}-input`}>
          {labels.inputLabel}
        </label>
        <input
          ref={inputRef}
          id={`${id}-input`}
          className="chat-input-field"
          type="text"
          autoComplete="off"
          placeholder={labels.placeholder}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
        />
        <button type="submit" className="btn btn-primary btn-sm">
          {labels.sendLabel}
        </button>
      </form>
    </section>
  );
}

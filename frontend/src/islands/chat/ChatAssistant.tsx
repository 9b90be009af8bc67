/**
 * The site-wide chat assistant (SPEC sections 4, 5, 8). Closed, it is a floating button (the
 * server's fallback is a link to /contact drawn as the same button, so nothing moves); open, a
 * panel that starts with the greeting. A non-blank message gets the reply the server wrote for
 * the topic the core's keyword rules find (the replies name the studio's current prices and
 * hours, so they come in the props rather than in the WebAssembly module);
 * replies with a contact or cancel button open a dialog whose form ends in the visitor's e-mail
 * client (the core's mail link), after which the core's confirmation is appended.
 *
 * The island loads when the visitor reaches for the button (pointer over, focus, touch; a click
 * before it has loaded opens the panel once it has, site/triggers.ts), so a page where nobody
 * does downloads no React. Mounting therefore means the panel is about to be wanted: the core is
 * fetched at once, beside the first render, so the panel opens without a wait. Buttons elsewhere
 * with `data-chat-open` open the panel too.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { onIslandRequest } from '../../site/island-requests';
import { openMailLink } from '../../site/mail-link';
import { MailFormDialog } from '../forms/MailFormDialog';
import type { FieldTexts, FieldValues } from '../forms/FormFields';
import type { ChatReply } from '../../wasm-pkg/onespace_wasm';
import { useCore } from '../use-core';
import { ChatIcon } from './ChatIcon';
import { ChatPanel, type ChatPanelLabels } from './ChatPanel';
import { botMessage, visitorMessage, type ChatMessage } from './messages';

interface ChatAssistantProps {
  openLabel: string;
  labels: ChatPanelLabels;
  contactDialogTitle: string;
  cancelDialogTitle: string;
  texts: FieldTexts;
  /** One reply per topic, worded by the server from the studio's content. */
  replies: ChatReply[];
  greeting: string;
  /** Appended after the contact dialog's mail link opens. */
  contactConfirmation: string;
  /** Appended after the cancellation dialog's mail link opens. */
  cancelConfirmation: string;
  /** The studio's e-mail address (from the content), which the dialogs' mail links go to. */
  to: string;
}

type OpenDialog = 'none' | 'contact' | 'cancel';

export default function ChatAssistant(props: ChatAssistantProps) {
  const [open, setOpen] = useState(false);
  const [dialog, setDialog] = useState<OpenDialog>('none');
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const core = useCore();
  const panelId = useId();
  const fabRef = useRef<HTMLButtonElement>(null);

  useEffect(() => onIslandRequest('ChatAssistant', () => setOpen(true)), []);

  useEffect(() => {
    if (core && messages.length === 0) setMessages([botMessage(props.greeting)]);
  }, [core, messages.length, props.greeting]);

  const close = () => {
    setOpen(false);
    fabRef.current?.focus();
  };

  const send = (text: string) => {
    if (!core) return;
    const topic = core.chatTopic(text);
    const reply = topic ? props.replies.find((candidate) => candidate.topic === topic) : undefined;
    if (!reply) return;
    setMessages((current) => [...current, visitorMessage(text.trim()), botMessage(reply.text, reply)]);
  };

  const mailSent = (link: string, confirmation: string) => {
    openMailLink(link);
    setDialog('none');
    setMessages((current) => [...current, botMessage(confirmation)]);
  };

  return (
    <>
      <button
        ref={fabRef}
        id="chat"
        type="button"
        className="chat-fab"
        aria-label={props.openLabel}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => (open ? close() : setOpen(true))}
      >
        <ChatIcon />
      </button>
      {open && core && messages.length > 0 ? (
        <ChatPanel
          id={panelId}
          labels={props.labels}
          messages={messages}
          onSend={send}
          onClose={close}
          onContact={() => setDialog('contact')}
          onCancelMembership={() => setDialog('cancel')}
        />
      ) : null}
      {core ? (
        <>
          <MailFormDialog
            core={core}
            form="chatContact"
            open={dialog === 'contact'}
            title={props.contactDialogTitle}
            idPrefix={`${panelId}-contact`}
            texts={props.texts}
            onClose={() => setDialog('none')}
            onValid={(values: FieldValues) =>
              mailSent(core.mailLink('chatContact', values, props.to), props.contactConfirmation)
            }
          />
          <MailFormDialog
            core={core}
            form="cancellation"
            open={dialog === 'cancel'}
            title={props.cancelDialogTitle}
            idPrefix={`${panelId}-cancel`}
            texts={props.texts}
            onClose={() => setDialog('none')}
            onValid={(values: FieldValues) =>
              mailSent(core.mailLink('cancellation', values, props.to), props.cancelConfirmation)
            }
          />
        </>
      ) : null}
    </>
  );
}

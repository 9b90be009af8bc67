/**
 * The panel that replaces a form after a send (contact: 'Thanks for contacting us! ...' with the
 * FAQ, the chat and 'Send another message'; membership: the 24-hour promise and 'Submit Another
 * Request'). Markup as the server's `thank_you_panel`.
 */
import type { RefObject } from 'react';
import type { ThanksPanel } from './types';

interface ThankYouPanelProps {
  anchor: string;
  panel: ThanksPanel;
  panelRef: RefObject<HTMLDivElement | null>;
  onAgain: () => void;
}

export function ThankYouPanel({ anchor, panel, panelRef, onAgain }: ThankYouPanelProps) {
  return (
    <div className="thank-you" id={anchor} role="status" tabIndex={-1} ref={panelRef}>
      <p className="thank-you-title">{panel.title}</p>
      <p className="mt-2">{panel.text}</p>
      <div className="hero-actions">
        {panel.actions.map((action) => (
          <a
            key={action.label}
            className={action.className}
            href={action.href}
            data-chat-open={action.chatOpen ? '' : undefined}
            onClick={
              action.again
                ? (event) => {
                    event.preventDefault();
                    onAgain();
                  }
                : undefined
            }
          >
            {action.chatOpen ? <ChatIcon /> : null}
            {action.label}
          </a>
        ))}
      </div>
    </div>
  );
}

/** The server's chat icon (crates/site/src/icons.rs, Icon::Chat). */
function ChatIcon() {
  return (
    <svg
      className="icon"
      viewBox="0 0 24 24"
      width="24"
      height="24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.75"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d="M4 5.5h16v10H9.5L5 19.5v-4H4z" />
    </svg>
  );
}

/**
 * The back-to-school page's fixed bottom bar (SPEC sections 2, 9): it appears once the visitor
 * has scrolled past `threshold` pixels and offers the page's three offers; on phones the links
 * become a <select> that navigates when an offer is chosen. The server renders it hidden (it
 * is fixed to the viewport, so showing it moves nothing on the page). It is the lowest layer of
 * the bottom dock (site/dock.ts): the chat button, banner and toasts stand above it.
 */
import { useEffect, useRef, useState } from 'react';
import { dock } from '../../site/dock';

interface OfferLink {
  label: string;
  href: string;
}

interface BackToSchoolBarProps {
  title: string;
  threshold: number;
  links: OfferLink[];
  selectLabel: string;
  selectPrompt: string;
}

export default function BackToSchoolBar({ title, threshold, links, selectLabel, selectPrompt }: BackToSchoolBarProps) {
  const [shown, setShown] = useState(false);
  const bar = useRef<HTMLElement>(null);

  useEffect(() => (bar.current ? dock(bar.current, 'bar') : undefined), []);

  useEffect(() => {
    let frame = 0;
    const update = () => {
      frame = 0;
      setShown(window.scrollY > threshold);
    };
    const onScroll = () => {
      if (!frame) frame = window.requestAnimationFrame(update);
    };
    update();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      if (frame) window.cancelAnimationFrame(frame);
    };
  }, [threshold]);

  return (
    <nav ref={bar} className="quick-bar" aria-label={title} hidden={!shown}>
      <div className="quick-bar-inner">
        <p className="quick-bar-title">{title}</p>
        <div className="quick-bar-links">
          {links.map((link) => (
            <a key={link.label} className="btn btn-outline btn-sm" href={link.href}>
              {link.label}
            </a>
          ))}
        </div>
        <label className="sr-only" htmlFor="quick-bar-select">
          {selectLabel}
        </label>
        <select
          id="quick-bar-select"
          className="quick-bar-select"
          defaultValue=""
          onChange={(event) => {
            if (event.target.value) window.location.assign(event.target.value);
          }}
        >
          <option value="" disabled>
            {selectPrompt}
          </option>
          {links.map((link) => (
            <option key={link.label} value={link.href}>
              {link.label}
            </option>
          ))}
        </select>
      </div>
    </nav>
  );
}

/**
 * The timetable's booking widget from the schedule provider (TeamUp; SPEC sections 2, 4, 8, 9).
 * Everything about the provider comes from the server's one configuration place
 * (crates/site/src/widgets/schedule.rs): the script URL, the global object and method that
 * initialise it with the widget configuration, the element it creates, and the timings.
 *
 * After an initial delay the script is loaded and initialised; the widget's element is then
 * looked for every `pollIntervalMs`, at most `maxPolls` times, and moved into this island's
 * container (the container carries `containerId`, so a widget told to draw into that element,
 * as TeamUp's `target_element_id`, is found there). A script that fails or lacks its object shows 'Failed to load calendar. Please
 * refresh the page.'; a widget that never appears shows 'Failed to load calendar
 * automatically.'; both with 'Refresh Page'. A missing container is only logged. On unmount
 * stray widget elements are removed. Until the widget arrives the server's fallback box (with
 * its direct link to the provider's schedule) stays, so loading moves nothing.
 */
import { useEffect, useRef, useState } from 'react';
import { loadScript } from './load-script';

export interface ScheduleWidgetProps {
  scriptUrl: string;
  /** Global object the script defines, e.g. 'teamup'. */
  globalName: string;
  /** Its method that builds the widget from `config`. */
  initMethod: string;
  /** CSS selector of the element the widget creates. */
  widgetSelector: string;
  /** The id of the container, where the configuration tells the widget to draw. */
  containerId?: string;
  /** The provider's widget configuration (provider id, pages, view, venues, version). */
  config: Record<string, unknown>;
  scheduleUrl: string;
  fallbackTitle: string;
  fallbackText: string;
  /** The link to the provider's schedule page; `null` when the page already has it elsewhere
   * (the typical week's button), so it is never shown twice. */
  directLabel: string | null;
  loadingText: string;
  failedText: string;
  timedOutText: string;
  refreshLabel: string;
  initialDelayMs: number;
  pollIntervalMs: number;
  maxPolls: number;
}

type Status = 'loading' | 'loaded' | 'failed' | 'timedOut';

type WidgetApi = Record<string, unknown>;

function providerApi(globalName: string): WidgetApi | null {
  const value: unknown = (window as unknown as Record<string, unknown>)[globalName];
  return value !== null && typeof value === 'object' ? (value as WidgetApi) : null;
}

export default function ScheduleWidget(props: ScheduleWidgetProps) {
  const [status, setStatus] = useState<Status>('loading');
  const containerRef = useRef<HTMLDivElement>(null);
  const { scriptUrl, globalName, initMethod, widgetSelector, config, initialDelayMs, pollIntervalMs, maxPolls } =
    props;

  useEffect(() => {
    let cancelled = false;
    let timer: number | undefined;
    let polls = 0;

    const poll = () => {
      if (cancelled) return;
      const widget = document.querySelector(widgetSelector);
      if (widget) {
        const container = containerRef.current;
        if (!container) {
          console.error('Schedule widget: its container is missing; the widget stays where the script put it.');
          return;
        }
        if (!container.contains(widget)) container.append(widget);
        setStatus('loaded');
        return;
      }
      polls += 1;
      if (polls >= maxPolls) {
        setStatus('timedOut');
        return;
      }
      timer = window.setTimeout(poll, pollIntervalMs);
    };

    const start = async () => {
      try {
        await loadScript(scriptUrl);
      } catch {
        if (!cancelled) setStatus('failed');
        return;
      }
      if (cancelled) return;
      const api = providerApi(globalName);
      const init = api?.[initMethod];
      if (typeof init !== 'function') {
        setStatus('failed');
        return;
      }
      try {
        init.call(api, config);
      } catch (error) {
        console.error('Schedule widget: the provider script failed to start', error);
        setStatus('failed');
        return;
      }
      poll();
    };

    timer = window.setTimeout(() => void start(), initialDelayMs);
    return () => {
      cancelled = true;
      window.clearTimeout(timer);
      for (const stray of Array.from(document.querySelectorAll(widgetSelector))) stray.remove();
    };
  }, [scriptUrl, globalName, initMethod, widgetSelector, config, initialDelayMs, pollIntervalMs, maxPolls]);

  return (
    <>
      {status === 'loaded' ? null : <FallbackBox status={status} {...props} />}
      <div ref={containerRef} id={props.containerId} className="schedule-mount" data-schedule-container />
    </>
  );
}

/** The server's fallback box; while loading it says so, after a failure it offers a refresh. */
function FallbackBox({ status, ...props }: { status: Status } & ScheduleWidgetProps) {
  const failed = status === 'failed' || status === 'timedOut';
  return (
    <div className="schedule-fallback">
      {failed ? (
        <div role="alert">
          <p className="text-lg font-semibold">{status === 'failed' ? props.failedText : props.timedOutText}</p>
          <button type="button" className="btn btn-dark mt-6" onClick={() => window.location.reload()}>
            {props.refreshLabel}
          </button>
        </div>
      ) : (
        <>
          <p className="text-lg font-semibold">{props.fallbackTitle}</p>
          <p className="mt-2 text-ink-soft">{props.fallbackText}</p>
          {/* The server's controls, stacked as it lays them out: the link, then where its load
              button was, the loading notice in a box of the button's size, so mounting moves nothing. */}
          <div className="schedule-actions">
            {props.directLabel === null ? null : (
              <a className="btn btn-primary" href={props.scheduleUrl} target="_blank" rel="noopener noreferrer">
                {props.directLabel}
              </a>
            )}
            <p className="btn schedule-loading" role="status">
              {props.loadingText}
            </p>
          </div>
        </>
      )}
      {failed && props.directLabel !== null ? (
        <a className="btn btn-primary mt-6" href={props.scheduleUrl} target="_blank" rel="noopener noreferrer">
          {props.directLabel}
        </a>
      ) : null}
    </div>
  );
}

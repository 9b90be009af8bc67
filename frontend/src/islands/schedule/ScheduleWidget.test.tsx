import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import ScheduleWidget, { type ScheduleWidgetProps } from './ScheduleWidget';

const script = vi.hoisted(() => ({ outcome: 'load' as 'load' | 'error' }));
vi.mock('./load-script', () => ({
  loadScript: vi.fn(() => (script.outcome === 'load' ? Promise.resolve() : Promise.reject(new Error('404')))),
}));

const props: ScheduleWidgetProps = {
  scriptUrl: 'https://provider.example/widget.js',
  globalName: 'StandInSchedule',
  initMethod: 'init',
  widgetSelector: '.stand-in-widget',
  config: { providerId: 'studio', view: 'schedule.week' },
  scheduleUrl: 'https://provider.example/studio/schedule',
  fallbackTitle: 'See the full timetable and book online',
  fallbackText: 'Our live schedule opens on our booking partner site.',
  directLabel: 'Open the Class Schedule',
  loadingText: 'Loading the timetable...',
  failedText: 'Failed to load calendar. Please refresh the page.',
  timedOutText: 'Failed to load calendar automatically.',
  refreshLabel: 'Refresh Page',
  initialDelayMs: 100,
  pollIntervalMs: 100,
  maxPolls: 300,
};

type Global = Record<string, unknown>;

beforeEach(() => {
  vi.useFakeTimers();
  script.outcome = 'load';
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  delete (window as unknown as Global)['StandInSchedule'];
  document.body.innerHTML = '';
});

async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

describe('ScheduleWidget', () => {
  it('gives its container the id the widget is told to draw into, and finds what it draws there', async () => {
    const calendar = vi.fn((config: { target_element_id: string }) => {
      const frame = document.createElement('iframe');
      frame.title = 'Class schedule';
      document.getElementById(config.target_element_id)?.append(frame);
    });
    (window as unknown as Global)['StandInSchedule'] = { calendar };
    render(
      <ScheduleWidget
        {...props}
        initMethod="calendar"
        containerId="teamup-schedule"
        widgetSelector="#teamup-schedule > *"
        config={{ provider_id: 4993559, target_element_id: 'teamup-schedule' }}
      />,
    );
    await advance(100);
    expect(calendar).toHaveBeenCalledWith({ provider_id: 4993559, target_element_id: 'teamup-schedule' });
    const container = document.getElementById('teamup-schedule');
    expect(container?.hasAttribute('data-schedule-container')).toBe(true);
    expect(container?.querySelector('iframe')).not.toBeNull();
    expect(screen.queryByText(props.fallbackTitle)).toBeNull();
  });

  it('initialises the provider with the configuration and moves its element into the container', async () => {
    const init = vi.fn(() => {
      window.setTimeout(() => {
        const widget = document.createElement('div');
        widget.className = 'stand-in-widget';
        widget.textContent = 'Monday 07:00 Hot Yoga';
        document.body.append(widget);
      }, 350);
    });
    (window as unknown as Global)['StandInSchedule'] = { init };
    render(<ScheduleWidget {...props} />);
    expect(screen.getByRole('status').textContent).toBe('Loading the timetable...');
    expect(screen.getByText('See the full timetable and book online')).toBeTruthy();
    await advance(99);
    expect(init).not.toHaveBeenCalled();
    await advance(1);
    expect(init).toHaveBeenCalledWith(props.config);
    await advance(400);
    const widget = screen.getByText('Monday 07:00 Hot Yoga');
    expect(widget.closest('[data-schedule-container]')).not.toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Open the Class Schedule' })).toBeNull();
  });

  it('reports a script that fails to load', async () => {
    script.outcome = 'error';
    render(<ScheduleWidget {...props} />);
    await advance(100);
    expect(screen.getByRole('alert').textContent).toContain('Failed to load calendar. Please refresh the page.');
    expect(screen.getByRole('link', { name: 'Open the Class Schedule' }).getAttribute('target')).toBe('_blank');
  });

  it('leaves the direct link out when the page has it elsewhere', async () => {
    script.outcome = 'error';
    render(<ScheduleWidget {...props} directLabel={null} />);
    await advance(100);
    expect(screen.getByRole('alert').textContent).toContain('Failed to load calendar. Please refresh the page.');
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('reports a script whose object is missing', async () => {
    render(<ScheduleWidget {...props} />);
    await advance(100);
    expect(screen.getByRole('alert').textContent).toContain('Failed to load calendar. Please refresh the page.');
  });

  it('gives up after 300 polls with a working Refresh Page button', async () => {
    (window as unknown as Global)['StandInSchedule'] = { init: () => undefined };
    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload });
    render(<ScheduleWidget {...props} />);
    await advance(100 + 298 * 100);
    expect(screen.queryByRole('alert')).toBeNull();
    await advance(100);
    expect(screen.getByRole('alert').textContent).toContain('Failed to load calendar automatically.');
    act(() => screen.getByRole('button', { name: 'Refresh Page' }).click());
    expect(reload).toHaveBeenCalled();
  });

  it('removes stray widget elements on unmount', async () => {
    (window as unknown as Global)['StandInSchedule'] = { init: () => undefined };
    const { unmount } = render(<ScheduleWidget {...props} />);
    const stray = document.createElement('div');
    stray.className = 'stand-in-widget';
    await advance(100);
    document.body.append(stray);
    unmount();
    expect(stray.isConnected).toBe(false);
  });
});

import { realCore } from '../testing/real-core';
import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/dom';
import { mount as mountFilters, type TimetableFiltersProps } from './TimetableFilters';

/** The classes listed: [type key, day key, text]. */
const CLASSES = [
  ['hot-yoga', 'mon', 'Hot Yoga, Monday'],
  ['pilates', 'mon', 'Pilates, Monday'],
  ['hot-yoga', 'tue', 'Hot Yoga, Tuesday'],
  ['hyrox', 'tue', 'HYROX, Tuesday'],
] as const;

/** The week as the server lists it (pages/components/classes.rs): a section per day. */
const WEEK = `<div class="class-week"><div class="class-filters"></div>${['mon', 'tue']
  .map(
    (day) =>
      `<section class="class-day" data-class-day="${day}"><ol class="class-list">${CLASSES.filter((row) => row[1] === day)
        .map(([type, , text]) => `<li class="class-row" data-class-type="${type}" data-class-day="${day}">${text}</li>`)
        .join('')}</ol></section>`,
  )
  .join('')}</div>`;

const PROPS: TimetableFiltersProps = {
  types: [
    { key: 'hot-yoga', label: 'Hot Yoga' },
    { key: 'hyrox', label: 'HYROX' },
    { key: 'pilates', label: 'Pilates' },
  ],
  days: [
    { key: 'mon', label: 'Monday' },
    { key: 'tue', label: 'Tuesday' },
  ],
  typeLabel: 'Class',
  dayLabel: 'Day',
  allTypes: 'All classes',
  allDays: 'All days',
  noneText: 'No classes match.',
  showAllLabel: 'Show all classes',
};

afterEach(() => {
  document.body.innerHTML = '';
  window.history.replaceState(null, '', '/');
});

/** Lists the week at `address` and mounts the filters over it, as the islands runtime does. */
function mount(address: string) {
  window.history.replaceState(null, '', address);
  document.body.innerHTML = WEEK;
  const host = document.querySelector<HTMLElement>('.class-filters');
  if (!host) throw new Error('no filters box');
  mountFilters(host, { ...PROPS });
}

/** The classes a visitor sees: rows neither hidden themselves nor in a hidden day. */
function visibleClasses(): string[] {
  return Array.from(document.querySelectorAll<HTMLElement>('.class-row'))
    .filter((row) => !row.hidden && !row.closest<HTMLElement>('.class-day')?.hidden)
    .map((row) => row.textContent ?? '');
}

function visibleDays(): string[] {
  return Array.from(document.querySelectorAll<HTMLElement>('.class-day'))
    .filter((day) => !day.hidden)
    .map((day) => day.dataset['classDay'] ?? '');
}

function status(): string {
  return screen.getByRole('status').textContent ?? '';
}

/** Chooses `value` in the select labelled `label`, as a visitor does (focus, then change). */
function choose(label: string, value: string) {
  const select = screen.getByLabelText(label);
  fireEvent.focus(select);
  fireEvent.change(select, { target: { value } });
}

const ALL = CLASSES.map(([, , text]) => text);

describe('TimetableFilters', () => {
  it('leaves every class showing and the address alone until the visitor chooses', () => {
    mount('/timetable');
    expect(visibleClasses()).toEqual(ALL);
    expect(status()).toBe('');
    expect((screen.getByLabelText('Class') as HTMLSelectElement).value).toBe('');
    expect((screen.getByLabelText('Day') as HTMLSelectElement).value).toBe('');
    expect(window.location.search).toBe('');
  });

  it('shows only the chosen class type and day, says how many, and writes the choice in the address', async () => {
    mount('/timetable');
    choose('Class', 'hot-yoga');
    await waitFor(() => expect(visibleClasses()).toEqual(['Hot Yoga, Monday', 'Hot Yoga, Tuesday']));
    expect(status()).toBe('Showing 2 of 4 classes');
    expect(window.location.search).toBe(realCore.timetableQuery('hot-yoga', null));
    expect(window.location.search).toBe('?type=hot-yoga');

    choose('Day', 'tue');
    await waitFor(() => expect(visibleClasses()).toEqual(['Hot Yoga, Tuesday']));
    // A day with no class left to show goes with its heading.
    expect(visibleDays()).toEqual(['tue']);
    expect(status()).toBe('Showing 1 of 4 classes');
    expect(window.location.search).toBe('?type=hot-yoga&day=tue');
    expect(window.location.pathname).toBe('/timetable');

    // Back to all classes on Tuesday.
    choose('Class', '');
    await waitFor(() => expect(visibleClasses()).toEqual(['Hot Yoga, Tuesday', 'HYROX, Tuesday']));
    expect(window.location.search).toBe('?day=tue');
  });

  it('says when nothing matches and shows every class again from its button', async () => {
    mount('/timetable');
    choose('Class', 'hyrox');
    choose('Day', 'mon');
    await waitFor(() => expect(status()).toContain('Showing 0 of 4 classes'));
    expect(visibleClasses()).toEqual([]);
    expect(visibleDays()).toEqual([]);
    expect(status()).toContain('No classes match.');
    screen.getByRole('button', { name: 'Show all classes' }).click();
    await waitFor(() => expect(visibleClasses()).toEqual(ALL));
    expect(status()).toBe('Showing 4 of 4 classes');
    expect(window.location.search).toBe('');
    expect((screen.getByLabelText('Class') as HTMLSelectElement).value).toBe('');
    expect((screen.getByLabelText('Day') as HTMLSelectElement).value).toBe('');
  });

  it('applies a filter carried in a shared address as the page opens, and keeps its fragment', async () => {
    mount('/timetable?day=mon&type=pilates#schedule');
    await waitFor(() => expect(visibleClasses()).toEqual(['Pilates, Monday']));
    expect((screen.getByLabelText('Class') as HTMLSelectElement).value).toBe('pilates');
    expect((screen.getByLabelText('Day') as HTMLSelectElement).value).toBe('mon');
    expect(status()).toBe('Showing 1 of 4 classes');
    // The address is rewritten in the core's order, the fragment kept.
    expect(window.location.search).toBe('?type=pilates&day=mon');
    expect(window.location.hash).toBe('#schedule');
  });

  it('shows the whole week for a mangled address, and tidies the address', async () => {
    mount(`/timetable?type=${encodeURIComponent('<script>')}&day=someday`);
    await waitFor(() => expect(status()).toBe('Showing 4 of 4 classes'));
    expect(visibleClasses()).toEqual(ALL);
    expect(window.location.search).toBe('');
  });
});

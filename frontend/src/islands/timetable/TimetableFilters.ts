/**
 * The timetable's filters: class type and day, applied without a reload to the classes the
 * server rendered (rows carry `data-class-type` and `data-class-day`). The rule of which classes
 * show, and how the choice is written in the address (`?type=hot-yoga&day=tue`, so a filtered view
 * can be shared), is the core's (`timetableFilter`, `timetableQuery`, `timetableAdmits`), the
 * same natively and here. The core (WebAssembly) is fetched only when the address carries a
 * filter or the visitor first reaches for a select, so the page's first load stays light; the
 * island itself is a few DOM calls, with no framework, because /timetable is a page visitors
 * land on. Two labelled selects, and a polite status line saying how many classes show, keep it
 * keyboard and screen-reader friendly. Without JavaScript every class shows.
 */
import { loadCore, type CoreModule } from '../../core/load';
import type { TimetableFilter } from '../../wasm-pkg/onespace_wasm';
import { create, pairs, text } from '../plain/props';

interface Choice {
  key: string;
  label: string;
}

export interface TimetableFiltersProps {
  types: Choice[];
  days: Choice[];
  typeLabel: string;
  dayLabel: string;
  allTypes: string;
  allDays: string;
  noneText: string;
  showAllLabel: string;
}

const NONE: TimetableFilter = { type: null, day: null };

/** Reads the props the server wrote; anything missing is empty rather than a crash. */
function filtersProps(props: Record<string, unknown>): TimetableFiltersProps {
  return {
    types: pairs(props, 'types', 'key'),
    days: pairs(props, 'days', 'key'),
    typeLabel: text(props, 'typeLabel'),
    dayLabel: text(props, 'dayLabel'),
    allTypes: text(props, 'allTypes'),
    allDays: text(props, 'allDays'),
    noneText: text(props, 'noneText'),
    showAllLabel: text(props, 'showAllLabel'),
  };
}

/** One labelled select of the filters; its first option is no choice. */
function filterSelect(doc: Document, id: string, label: string, allLabel: string, choices: Choice[]) {
  const box = create(doc, 'div', 'class-filter');
  const caption = create(doc, 'label', '', label);
  caption.htmlFor = id;
  const select = create(doc, 'select', '');
  select.id = id;
  for (const choice of [{ key: '', label: allLabel }, ...choices]) {
    const option = create(doc, 'option', '', choice.label);
    option.value = choice.key;
    select.append(option);
  }
  box.append(caption, select);
  return { box, select };
}

/** Draws the filters in `element` (the server's empty box) and wires them to the listed week. */
export function mount(element: HTMLElement, rawProps: Record<string, unknown>): void {
  const props = filtersProps(rawProps);
  const doc = element.ownerDocument;
  const win = doc.defaultView ?? window;
  const inner = create(doc, 'div', 'class-filters-inner');
  const type = filterSelect(doc, 'class-filter-type', props.typeLabel, props.allTypes, props.types);
  const day = filterSelect(doc, 'class-filter-day', props.dayLabel, props.allDays, props.days);
  const status = create(doc, 'p', 'class-filter-status');
  status.setAttribute('role', 'status');
  inner.append(type.box, day.box, status);
  element.replaceChildren(inner);

  let core: Promise<CoreModule> | null = null;
  const needCore = () => (core ??= loadCore());

  /** Shows the classes `choice` admits, says how many, and writes the choice in the address. */
  const apply = (rules: CoreModule, choice: TimetableFilter) => {
    const week = element.closest('.class-week');
    if (!week) return;
    const rows = Array.from(week.querySelectorAll<HTMLElement>('.class-row[data-class-type]'));
    let count = 0;
    for (const row of rows) {
      const admitted = rules.timetableAdmits(choice.type, choice.day, row.dataset['classType'] ?? '', row.dataset['classDay'] ?? '');
      row.hidden = !admitted;
      if (admitted) count += 1;
    }
    for (const section of Array.from(week.querySelectorAll<HTMLElement>('.class-day'))) {
      section.hidden = !section.querySelector('.class-row:not([hidden])');
    }
    status.replaceChildren(`Showing ${count} of ${rows.length} classes`);
    if (count === 0) {
      const reset = create(doc, 'button', 'class-filter-reset', props.showAllLabel);
      reset.type = 'button';
      reset.addEventListener('click', () => {
        type.select.value = '';
        day.select.value = '';
        apply(rules, NONE);
      });
      status.append(` ${props.noneText} `, reset);
    }
    const query = rules.timetableQuery(choice.type, choice.day);
    const { pathname, search, hash } = win.location;
    if (query !== search) win.history.replaceState(win.history.state, '', `${pathname}${query}${hash}`);
  };

  /** The choice the selects show now (read when applied, so quick changes add up). */
  const chosen = (): TimetableFilter => ({ type: type.select.value || null, day: day.select.value || null });
  for (const { select } of [type, day]) {
    select.addEventListener('focus', () => void needCore());
    select.addEventListener('change', () => void needCore().then((rules) => apply(rules, chosen())));
  }

  if (/[?&](type|day)=/.test(win.location.search)) {
    void needCore().then((rules) => {
      const choice = rules.timetableFilter(win.location.search);
      type.select.value = choice.type ?? '';
      day.select.value = choice.day ?? '';
      apply(rules, choice);
    });
  }
}

/**
 * The timetable's filters: class type and day, applied without a reload to the classes the
 * server rendered (rows carry `data-class-type` and `data-class-day`). The rule of which classes
 * show, and how the choice is written in the address (`?type=hot-yoga&day=tue`, so a filtered view
 * can be shared), is the core's (`timetableFilter`, `timetableQuery`, `timetableAdmits`), the
 * same natively and here. The core (WebAssembly) is fetched only when the address carries a
 * filter or the visitor first reaches for a select, so the page's first load stays light. Two
 * labelled selects, and a polite status line saying how many classes
 * show, keep it keyboard and screen-reader friendly. Without JavaScript every class shows.
 */
import { useEffect, useRef, useState } from 'react';
import type { TimetableFilter } from '../../wasm-pkg/onespace_wasm';
import { useCore } from '../use-core';

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

export default function TimetableFilters(props: TimetableFiltersProps) {
  const [fromAddress] = useState(() => /[?&](type|day)=/.test(window.location.search));
  const [needed, setNeeded] = useState(fromAddress);
  const core = useCore(needed);
  const ref = useRef<HTMLDivElement>(null);
  const [choice, setChoice] = useState<TimetableFilter>(NONE);
  const [shown, setShown] = useState<{ count: number; total: number } | null>(null);

  useEffect(() => {
    if (core && fromAddress) setChoice(core.timetableFilter(window.location.search));
  }, [core, fromAddress]);

  useEffect(() => {
    const week = ref.current?.closest('.class-week');
    if (!core || !week) return;
    const rows = Array.from(week.querySelectorAll<HTMLElement>('.class-row[data-class-type]'));
    let count = 0;
    for (const row of rows) {
      const admitted = core.timetableAdmits(
        choice.type ?? undefined,
        choice.day ?? undefined,
        row.dataset['classType'] ?? '',
        row.dataset['classDay'] ?? '',
      );
      row.hidden = !admitted;
      if (admitted) count += 1;
    }
    for (const day of Array.from(week.querySelectorAll<HTMLElement>('.class-day'))) {
      day.hidden = !day.querySelector('.class-row:not([hidden])');
    }
    setShown({ count, total: rows.length });
    const query = core.timetableQuery(choice.type ?? undefined, choice.day ?? undefined);
    const { pathname, search, hash } = window.location;
    if (query !== search) window.history.replaceState(window.history.state, '', `${pathname}${query}${hash}`);
  }, [core, choice]);

  const selects = [
    { field: 'type', id: 'class-filter-type', label: props.typeLabel, allLabel: props.allTypes, choices: props.types },
    { field: 'day', id: 'class-filter-day', label: props.dayLabel, allLabel: props.allDays, choices: props.days },
  ] as const;
  return (
    <div ref={ref} className="class-filters-inner">
      {selects.map(({ field, ...select }) => (
        <FilterSelect
          key={field}
          {...select}
          value={choice[field]}
          onFocus={() => setNeeded(true)}
          onChange={(value) => {
            setNeeded(true);
            setChoice({ ...choice, [field]: value });
          }}
        />
      ))}
      <p className="class-filter-status" role="status">
        {shown === null ? '' : `Showing ${shown.count} of ${shown.total} classes`}
        {shown !== null && shown.count === 0 ? (
          <>
            {` ${props.noneText} `}
            <button type="button" className="class-filter-reset" onClick={() => setChoice(NONE)}>
              {props.showAllLabel}
            </button>
          </>
        ) : null}
      </p>
    </div>
  );
}

interface FilterSelectProps {
  id: string;
  label: string;
  /** The first option, for no choice. */
  allLabel: string;
  choices: Choice[];
  value: string | null;
  /** The visitor reaches for the select: time to fetch the core. */
  onFocus: () => void;
  onChange: (value: string | null) => void;
}

/** One labelled select of the filters. */
function FilterSelect({ id, label, allLabel, choices, value, onFocus, onChange }: FilterSelectProps) {
  return (
    <div className="class-filter">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value ?? ''} onFocus={onFocus} onChange={(event) => onChange(event.target.value || null)}>
        <option value="">{allLabel}</option>
        {choices.map((choice) => (
          <option key={choice.key} value={choice.key}>
            {choice.label}
          </option>
        ))}
      </select>
    </div>
  );
}

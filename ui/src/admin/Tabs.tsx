import { Ellipsis, X } from 'lucide-react';
import type { ComponentType, KeyboardEvent, ReactNode } from 'react';
import { useEffect, useRef, useState } from 'react';

export interface TabDef<K extends string> {
  key: K;
  label: string;
  icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean | 'true' }>;
}

const tabId = (key: string) => `admin-tab-${key}`;
const panelId = (key: string) => `admin-tabpanel-${key}`;

/**
 * WAI-ARIA tabs with automatic activation: arrow keys, Home and End move between tabs and select them;
 * only the selected tab is in the Tab order. Only the selected panel is rendered. On a phone the tabs
 * become a bar at the foot of the screen, where the thumb is: the `primary` ones and 'More' for the rest.
 */
export function Tabs<K extends string>({
  label,
  tabs,
  selected,
  onSelect,
  badges,
  primary,
  children,
}: {
  /** The tabs the phone's bottom bar shows (four); the others are under 'More'. */
  primary: readonly K[];
  label: string;
  tabs: readonly TabDef<K>[];
  selected: K;
  /** Returns false when the selection was refused (unsaved changes kept): the focus stays put. */
  onSelect: (key: K) => boolean | void;
  /** Shown after a tab's name, e.g. an unread count. */
  badges?: Partial<Record<K, ReactNode>>;
  children: ReactNode;
}) {
  const list = useRef<HTMLDivElement>(null);

  const moveTo = (index: number) => {
    const count = tabs.length;
    const tab = tabs[((index % count) + count) % count];
    if (!tab || onSelect(tab.key) === false) return;
    list.current?.querySelector<HTMLButtonElement>(`#${tabId(tab.key)}`)?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const current = tabs.findIndex((tab) => tab.key === selected);
    const moves: Record<string, number> = {
      ArrowRight: current + 1,
      ArrowLeft: current - 1,
      Home: 0,
      End: tabs.length - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    moveTo(target);
  };

  return (
    <>
      <div
        ref={list}
        role="tablist"
        aria-label={label}
        onKeyDown={onKeyDown}
        className="hidden flex-wrap gap-1 border-b border-sand-200 md:flex"
      >
        {tabs.map(({ key, label: tabLabel, icon: Icon }) => {
          const isSelected = key === selected;
          return (
            <button
              key={key}
              id={tabId(key)}
              type="button"
              role="tab"
              aria-selected={isSelected}
              // Only the rendered panel can be pointed at.
              aria-controls={isSelected ? panelId(key) : undefined}
              tabIndex={isSelected ? 0 : -1}
              onClick={() => onSelect(key)}
              className={`-mb-px flex min-h-11 shrink-0 items-center gap-2 border-b-2 px-3 py-3 text-sm font-semibold whitespace-nowrap transition-colors sm:px-4 ${
                isSelected
                  ? 'border-brass-600 text-charcoal'
                  : 'border-transparent text-stone-600 hover:border-stone-400 hover:text-charcoal'
              }`}
            >
              <Icon aria-hidden="true" className="size-4" />
              {tabLabel}
              {badges?.[key]}
            </button>
          );
        })}
      </div>
      <div
        id={panelId(selected)}
        role="tabpanel"
        aria-labelledby={tabId(selected)}
        tabIndex={0}
        className="rounded-sm pt-8 outline-none focus-visible:outline-2"
      >
        {children}
      </div>
      <PhoneBar label={label} tabs={tabs} selected={selected} onSelect={onSelect} badges={badges} primary={primary} />
    </>
  );
}

/** The phone's tab bar: four tabs and 'More', fixed at the foot of the screen, unread counts in sight. */
function PhoneBar<K extends string>({
  label,
  tabs,
  selected,
  onSelect,
  badges,
  primary,
}: {
  label: string;
  tabs: readonly TabDef<K>[];
  selected: K;
  onSelect: (key: K) => boolean | void;
  badges?: Partial<Record<K, ReactNode>>;
  primary: readonly K[];
}) {
  const [more, setMore] = useState(false);
  const sheet = useRef<HTMLDivElement>(null);
  const first = tabs.filter((tab) => primary.includes(tab.key));
  const rest = tabs.filter((tab) => !primary.includes(tab.key));
  const inMore = rest.some((tab) => tab.key === selected);
  useEffect(() => {
    if (!more) return;
    sheet.current?.querySelector<HTMLButtonElement>('button')?.focus();
    const close = (event: globalThis.KeyboardEvent) => event.key === 'Escape' && setMore(false);
    document.addEventListener('keydown', close);
    return () => document.removeEventListener('keydown', close);
  }, [more]);
  const choose = (key: K) => {
    if (onSelect(key) !== false) setMore(false);
  };
  const item = (active: boolean) =>
    `relative flex min-h-14 min-w-0 flex-1 flex-col items-center justify-center gap-1 px-1 text-xs font-semibold leading-tight ${
      active ? 'text-brass-700' : 'text-stone-600'
    }`;
  return (
    <nav aria-label={`${label} (phone)`} className="md:hidden">
      {more && (
        <div
          ref={sheet}
          id="admin-more-sheet"
          className="fixed inset-x-0 z-40 border-t border-sand-200 bg-white p-2 shadow-xl"
          style={{ bottom: 'calc(3.5rem + 1px + env(safe-area-inset-bottom))' }}
        >
          <ul className="grid gap-1">
            {rest.map(({ key, label: tabLabel, icon: Icon }) => (
              <li key={key}>
                <button
                  type="button"
                  aria-current={key === selected ? 'page' : undefined}
                  onClick={() => choose(key)}
                  className={`flex min-h-11 w-full items-center gap-3 rounded-sm px-3 text-left text-base font-semibold ${
                    key === selected ? 'bg-sand text-charcoal' : 'text-charcoal'
                  }`}
                >
                  <Icon aria-hidden="true" className="size-5" />
                  {tabLabel}
                  {badges?.[key]}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
      <ul
        className="fixed inset-x-0 bottom-0 z-40 flex border-t border-sand-200 bg-white"
        style={{ paddingBottom: 'env(safe-area-inset-bottom)' }}
        data-testid="phone-tabs"
      >
        {first.map(({ key, label: tabLabel, icon: Icon }) => (
          <li key={key} className="flex min-w-0 flex-1">
            <button type="button" aria-current={key === selected ? 'page' : undefined} onClick={() => choose(key)} className={item(key === selected)}>
              <Icon aria-hidden="true" className="size-5" />
              <span className="max-w-full truncate">{tabLabel}</span>
              {badges?.[key] && <span className="absolute top-0 left-1/2 ml-2">{badges[key]}</span>}
            </button>
          </li>
        ))}
        <li className="flex min-w-0 flex-1">
          <button
            type="button"
            aria-expanded={more}
            aria-controls={more ? 'admin-more-sheet' : undefined}
            onClick={() => setMore((open) => !open)}
            className={item(inMore || more)}
          >
            {more ? <X aria-hidden="true" className="size-5" /> : <Ellipsis aria-hidden="true" className="size-5" />}
            <span className="max-w-full truncate">More</span>
            <span className="sr-only"> sections{inMore ? `, ${tabs.find((tab) => tab.key === selected)?.label ?? ''} open` : ''}</span>
          </button>
        </li>
      </ul>
    </nav>
  );
}

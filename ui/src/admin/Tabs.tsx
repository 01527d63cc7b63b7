import type { ComponentType, KeyboardEvent, ReactNode } from 'react';
import { useRef } from 'react';

export interface TabDef<K extends string> {
  key: K;
  label: string;
  icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean | 'true' }>;
}

const tabId = (key: string) => `admin-tab-${key}`;
const panelId = (key: string) => `admin-tabpanel-${key}`;

/**
 * WAI-ARIA tabs with automatic activation: arrow keys, Home and End move between tabs and select them;
 * only the selected tab is in the Tab order. Only the selected panel is rendered.
 */
export function Tabs<K extends string>({
  label,
  tabs,
  selected,
  onSelect,
  badges,
  children,
}: {
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
        className="-mx-5 flex gap-1 overflow-x-auto border-b border-sand-200 px-5 sm:mx-0 sm:px-0"
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
              className={`-mb-px flex shrink-0 items-center gap-2 border-b-2 px-3 py-3 text-sm font-semibold whitespace-nowrap transition-colors sm:px-4 ${
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
    </>
  );
}

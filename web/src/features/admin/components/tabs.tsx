import { useRef, type KeyboardEvent, type ReactNode } from 'react';

export interface TabItem<K extends string> {
  key: K;
  label: string;
  /** Shown as a badge (pending count); hidden when 0 or undefined. */
  count?: number;
  countLabel?: string;
}

interface TabsProps<K extends string> {
  id: string;
  label: string;
  items: TabItem<K>[];
  active: K;
  onChange: (key: K) => void;
  variant?: 'main' | 'sub';
}

/** WAI-ARIA tabs: roving tabindex, arrows/Home/End move and activate, aria-selected on the current tab. */
export function Tabs<K extends string>({ id, label, items, active, onChange, variant = 'main' }: TabsProps<K>) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const map: Record<string, number> = {
      ArrowRight: (index + 1) % items.length,
      ArrowLeft: (index - 1 + items.length) % items.length,
      Home: 0,
      End: items.length - 1,
    };
    const next = map[event.key];
    if (next === undefined) return;
    event.preventDefault();
    onChange(items[next].key);
    refs.current[next]?.focus();
  };
  return (
    <div className={`admin-tabs admin-tabs-${variant}`} role="tablist" aria-label={label}>
      {items.map((item, i) => (
        <button
          key={item.key}
          ref={(el) => {
            refs.current[i] = el;
          }}
          type="button"
          role="tab"
          id={`${id}-tab-${item.key}`}
          aria-selected={item.key === active}
          aria-controls={`${id}-panel-${item.key}`}
          tabIndex={item.key === active ? 0 : -1}
          className="admin-tab"
          onClick={() => onChange(item.key)}
          onKeyDown={(e) => onKeyDown(e, i)}
        >
          {item.label}
          {item.count ? (
            <span className="admin-tab-count">
              {item.count}
              <span className="visually-hidden"> {item.countLabel ?? 'pendientes'}</span>
            </span>
          ) : null}
        </button>
      ))}
    </div>
  );
}

export type PendingOrAll = 'pending' | 'all';

/** The sub-tabs of a moderated list: what waits for a decision, and everything. */
export function PendingAllTabs({
  pending,
  all,
  ...props
}: Omit<TabsProps<PendingOrAll>, 'items' | 'variant'> & { pending: number; all: number }) {
  return (
    <Tabs
      {...props}
      variant="sub"
      items={[
        { key: 'pending', label: 'Pendientes', count: pending },
        { key: 'all', label: 'Todos', count: all, countLabel: 'en total' },
      ]}
    />
  );
}

export function TabPanel<K extends string>({ id, tab, children }: { id: string; tab: K; children: ReactNode }) {
  return (
    <div
      role="tabpanel"
      id={`${id}-panel-${tab}`}
      aria-labelledby={`${id}-tab-${tab}`}
      tabIndex={0}
      className="admin-panel-body"
    >
      {children}
    </div>
  );
}

import {
  createContext,
  useCallback,
  useContext,
  useState,
  type ReactNode,
  type SetStateAction,
} from 'react';

/**
 * State that outlives the component holding it, for as long as a
 * `KeptStateProvider` above it stays mounted.
 *
 * A list that is a table on a wide screen and cards on a phone mounts each
 * row's contents anew when the window crosses the breakpoint (a tablet turned,
 * a window resized). With `useState`, a form being filled in would close and
 * lose what was typed; with `useKeptState` under a provider placed above the
 * switch, the new row picks up where the old one was.
 *
 * Without a provider it is plain `useState`.
 */
type Store = Map<string, unknown>;

const KeptStateContext = createContext<Store | null>(null);

export interface KeptStateProviderProps {
  /**
   * What the kept state belongs to (e.g. the id of the row that is open): when
   * it changes, the state is forgotten, and components mounted from then on
   * start afresh. Those still mounted keep their own state.
   */
  scope: unknown;
  children: ReactNode;
}

/** Keeps the state of the `useKeptState` calls below it, for one `scope` at a time. */
export function KeptStateProvider({ scope, children }: KeptStateProviderProps) {
  const [kept, setKept] = useState(() => ({ scope, store: new Map() as Store }));
  let current = kept;
  if (!Object.is(kept.scope, scope)) {
    // A new scope: a new store, from this render on (React's "state from the previous render").
    current = { scope, store: new Map() };
    setKept(current);
  }
  return <KeptStateContext.Provider value={current.store}>{children}</KeptStateContext.Provider>;
}

/** `useState`, kept under `key` in the nearest `KeptStateProvider`. */
export function useKeptState<T>(
  key: string,
  initial: T | (() => T),
): [T, (next: SetStateAction<T>) => void] {
  const store = useContext(KeptStateContext);
  const [value, setValue] = useState<T>(() => {
    if (store?.has(key)) return store.get(key) as T;
    const first = typeof initial === 'function' ? (initial as () => T)() : initial;
    store?.set(key, first);
    return first;
  });
  const set = useCallback(
    (next: SetStateAction<T>) => {
      setValue((previous) => {
        const value = typeof next === 'function' ? (next as (previous: T) => T)(previous) : next;
        store?.set(key, value);
        return value;
      });
    },
    [store, key],
  );
  return [value, set];
}

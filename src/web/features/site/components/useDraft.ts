import { useCallback, useMemo, useState } from 'react';
import { sameJson, setAt, type Path } from '../form/draft.js';

/**
 * A kind's draft beside the version it started from: `dirty` while they
 * differ, `discard` goes back, `restart` starts again from a new version
 * (after Publish or a revert).
 */
export function useDraft(published: unknown) {
  const [state, setState] = useState({ base: published, draft: published });
  const change = useCallback((path: Path, value: unknown) => {
    setState((s) => ({ ...s, draft: setAt(s.draft, path, value) }));
  }, []);
  const discard = useCallback(() => setState((s) => ({ ...s, draft: s.base })), []);
  const restart = useCallback((body: unknown) => setState({ base: body, draft: body }), []);
  const dirty = useMemo(() => !sameJson(state.base, state.draft), [state]);
  return { draft: state.draft, dirty, change, discard, restart };
}

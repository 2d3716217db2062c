import { atom, useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useId } from 'react';
import { useBlocker } from 'react-router-dom';
import { useDialogs } from '../components/dialogs.js';
import { useMetadata } from './metadata.js';

/**
 * Screens that hold unsaved edits now (one key each): the shell keeps its router while any does,
 * and actions that work on saved data only (such as Publish) say so.
 */
export const unsavedEditsAtom = atom<ReadonlySet<string>>(new Set<string>());

/** True while any screen holds unsaved edits. */
export function useAnyUnsavedEdits(): boolean {
  return useAtomValue(unsavedEditsAtom).size > 0;
}

/**
 * While `dirty`, the calling screen's edits count as unsaved: leaving it (another page, another
 * query such as ?id=, closing the tab) asks first with the confirm dialog.
 */
export function useUnsavedGuard(dirty: boolean): void {
  const m = useMetadata();
  const dialogs = useDialogs();
  const key = useId();
  const setUnsaved = useSetAtom(unsavedEditsAtom);
  useEffect(() => {
    if (!dirty) return undefined;
    setUnsaved((s) => new Set(s).add(key));
    const warn = (e: BeforeUnloadEvent) => { e.preventDefault(); };
    window.addEventListener('beforeunload', warn);
    return () => {
      window.removeEventListener('beforeunload', warn);
      setUnsaved((s) => { const next = new Set(s); next.delete(key); return next; });
    };
  }, [dirty, key, setUnsaved]);
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search));
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    void dialogs.confirm({ title: m.text('unsaved.title'), message: m.text('unsaved.leave') }).then((ok) => (ok ? blocker.proceed() : blocker.reset()));
  }, [blocker, dialogs, m]);
}

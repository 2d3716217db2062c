import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { useMetadata } from '../app/metadata.js';
import { SessionFailure } from '../app/session.js';
import { useToasts } from '../components/toasts.js';

/**
 * What the browser does when a sign-in or profile load ended the session (spec part 1 sections 4
 * and 8): the person, already signed out, goes home and sees the catalogue message in an error
 * toast ('error retrieving profile', 'profile not available', 'No Jwt Token'); a 401 shows
 * nothing. Answers false for any other error, which the caller shows its own way.
 */
export function useSessionFailure(): (error: unknown) => boolean {
  const m = useMetadata();
  const toasts = useToasts();
  const navigate = useNavigate();
  return useCallback((error: unknown) => {
    if (!(error instanceof SessionFailure)) return false;
    void navigate('/', { replace: true });
    if (!error.silent) toasts.show({ type: 'error', title: m.text('shell.errorTitle'), message: m.text(error.textKey) });
    return true;
  }, [m, navigate, toasts]);
}

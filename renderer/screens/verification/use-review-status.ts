import { useCallback, useEffect, useState } from 'react';
import { errorText } from '../../app/error-text.js';
import { useMetadata } from '../../app/metadata.js';
import { verificationStatus, viewForVerification, type RecordRef, type VerificationStatus } from './verification-api.js';

const POLL_MS = 750;
const POLL_TRIES = 8;

/**
 * The reviewer's view of a record: POST /verification/view once (the server remembers it), then
 * the record's status again after each download of its file, until Verify / Decline are enabled.
 */
export function useReviewStatus({ entityTypeId, entityId }: RecordRef) {
  const m = useMetadata();
  const [status, setStatus] = useState<VerificationStatus | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [downloads, setDownloads] = useState(0);

  useEffect(() => {
    let live = true;
    viewForVerification({ entityTypeId, entityId }).then((s) => { if (live) setStatus(s); }, (e: unknown) => {
      if (live) setError(errorText(e) ?? m.text('verification.loadFailed'));
    });
    return () => { live = false; };
  }, [entityTypeId, entityId, m]);

  useEffect(() => {
    if (downloads === 0) return undefined;
    let live = true;
    let tries = 0;
    let timer: ReturnType<typeof setTimeout>;
    const tick = () => {
      verificationStatus({ entityTypeId, entityId }).then((s) => {
        if (!live) return;
        setStatus(s);
        if (s.needsView && ++tries < POLL_TRIES) timer = setTimeout(tick, POLL_MS);
      }, () => undefined);
    };
    timer = setTimeout(tick, POLL_MS);
    return () => { live = false; clearTimeout(timer); };
  }, [downloads, entityTypeId, entityId]);

  /** the record form's file download buttons (file-upload-widget) were used */
  const onRecordClick = useCallback((target: EventTarget) => {
    if (target instanceof Element && target.closest('.registry-file__download')) setDownloads((n) => n + 1);
  }, []);

  return { status, error, onRecordClick };
}

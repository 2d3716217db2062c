import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { fullPath } from '../../engine/access/menu-rules.js';
import { api } from '../app/api-client.js';
import { errorText } from '../app/error-text.js';
import { onLiveEvent, onLiveReconnected, type LiveEventName } from '../app/live-hub.js';
import { useMetadata, type MetadataIndex } from '../app/metadata.js';

/** The hub's events after which the counts are asked for again. */
const WORK_CHANGE_EVENTS: readonly LiveEventName[] = ['MessageCountChange', 'NotificationCountChange', 'RolePromotionActionReceived'];

/** GET /api/dashboard/work (server/routes/dashboard.ts). */
export interface WorkCountAnswer { id: string; label: string; route: string; count: number; capped: boolean }
export interface WorkItemAnswer { id: string; title: string; counted: boolean; counts: WorkCountAnswer[] }
interface WorkAnswer { activeRole: string; items: WorkItemAnswer[] }

/** The link text with its number emphasised: "{count} staff role requests to decide". */
function CountText({ m, c }: { m: MetadataIndex; c: WorkCountAnswer }) {
  const shown = c.capped ? `${c.count.toLocaleString('en-US')}+` : c.count.toLocaleString('en-US');
  const [before, ...after] = (m.texts[c.label] ?? c.label).split('{count}');
  if (after.length === 0) return <>{before}</>;
  return <>{before}<strong className="registry-work__number">{shown}</strong>{after.join(shown)}</>;
}

function WorkCard({ item }: { item: WorkItemAnswer }) {
  const m = useMetadata();
  const waiting = item.counts.filter((c) => c.count > 0);
  const headingId = `work-${item.id}`;
  return (
    <li className="registry-work__item">
      <h3 id={headingId} className="registry-work__title">{m.text(item.title)}</h3>
      {waiting.length === 0 ? (
        <p className="registry-work__nothing">{m.text('dashboard.work.nothing')}</p>
      ) : (
        <ul className="usa-list usa-list--unstyled registry-work__counts">
          {waiting.map((c) => (
            <li key={c.id}><Link className="registry-work__link" to={fullPath(m.routes, c.route)}><CountText m={m} c={c} /></Link></li>
          ))}
        </ul>
      )}
    </li>
  );
}

/**
 * What waits for the person in the active role, as counts linking to the screens that list the
 * rows (each count is the rows they may see there, or their own unread messages and
 * notifications).
 */
export function DashboardWork({ activeRole }: { activeRole: string }) {
  const m = useMetadata();
  const [items, setItems] = useState<WorkItemAnswer[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  // counted again when the hub says a count may have changed (a message, a notification, a role
  // request made or decided) or reconnects: the counts follow without a reload
  const [changes, setChanges] = useState(0);
  useEffect(() => {
    const again = () => setChanges((n) => n + 1);
    const stops = [...WORK_CHANGE_EVENTS.map((e) => onLiveEvent(e, again)), onLiveReconnected(again)];
    return () => { for (const stop of stops) stop(); };
  }, []);
  useEffect(() => { setItems(null); }, [activeRole]);
  useEffect(() => {
    let live = true;
    setError(null);
    api<WorkAnswer>('GET', '/dashboard/work').then(
      (a) => { if (live) setItems(a.items); },
      (e: unknown) => { if (live) setError(errorText(e) ?? m.text('dashboard.work.loadFailed')); },
    );
    return () => { live = false; };
  }, [activeRole, m, changes]);
  return (
    <section className="registry-work" aria-labelledby="work-heading">
      <h2 id="work-heading">{m.text('dashboard.work.heading')}</h2>
      {error && <div className="usa-alert usa-alert--error usa-alert--slim" role="alert"><div className="usa-alert__body"><p className="usa-alert__text">{error}</p></div></div>}
      {!error && !items && <p role="status">{m.text('dashboard.work.loading')}</p>}
      {items && items.length === 0 && <p>{m.text('dashboard.work.nothing')}</p>}
      {items && items.length > 0 && <ul className="registry-work__items">{items.map((i) => <WorkCard key={i.id} item={i} />)}</ul>}
    </section>
  );
}

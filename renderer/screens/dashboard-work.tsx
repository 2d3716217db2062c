import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { fullPath } from '../../engine/access/menu-rules.js';
import { api } from '../app/api-client.js';
import { errorText } from '../app/error-text.js';
import { useMetadata, type MetadataIndex } from '../app/metadata.js';
import { queryKeys } from '../app/query-keys.js';

/** GET /api/dashboard/work (server/routes/dashboard.ts). */
export interface WorkCountAnswer { id: string; label: string; route: string; query?: Record<string, string>; count: number; capped: boolean }

/** Where a count links: its route, with the query parameters it names. */
const linkOf = (m: MetadataIndex, c: WorkCountAnswer): string => (c.query ? `${fullPath(m.routes, c.route)}?${new URLSearchParams(c.query).toString()}` : fullPath(m.routes, c.route));
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
            <li key={c.id}><Link className="registry-work__link" to={linkOf(m, c)}><CountText m={m} c={c} /></Link></li>
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
  // counted again when the hub says a count may have changed (a message, a notification, a role
  // request made or decided) or reconnects (renderer/app/live-invalidation.ts): the counts follow without a reload
  const work = useQuery({
    queryKey: [...queryKeys.dashboardWork, activeRole],
    queryFn: ({ signal }) => api<WorkAnswer>('GET', '/dashboard/work', undefined, { signal }),
  });
  const items = work.data?.items ?? null;
  const error = work.isError && !work.isFetching ? (errorText(work.error) ?? m.text('dashboard.work.loadFailed')) : null;
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

import { useQuery } from '@tanstack/react-query';
import type { GridIcon as GridIconName } from '../../../engine/metadata/grid-schema.js';
import { api } from '../../app/api-client.js';
import { useMetadata } from '../../app/metadata.js';
import { queryKeys } from '../../app/query-keys.js';
import type { SectionPanelProps } from '../../components/composition/composition-types.js';
import { GridIcon } from '../../components/grid-icon.js';
import './career-standing.css';

/** GET /api/career-lattice/standing (server/routes/career-lattice.ts). */
interface Standing {
  current: { level: string; currentLevel: string; verificationStatus: string | null } | null;
  computed: { id: number; name: string; label: string } | null;
  next: { id: number; name: string; label: string; missing: string[] } | null;
  claimAbove: boolean;
  cycle: { start: string; end: string };
  facts: { cycleHours: number };
}

const fill = (text: string, values: Record<string, string>) => text.replace(/\{(\w+)\}/g, (all, k: string) => values[k] ?? all);

/**
 * Above My Career Lattice Level's grid (`panel: career-standing` of a grid screen): the Current
 * Level header (the last character of the claimed level's name) with its verification icon, the
 * level the person's verified records reach, and what the next level still needs. It reads again
 * whenever the grid's record type changes (a new claim, a verification step).
 */
export function CareerStandingPanel({ params }: SectionPanelProps) {
  const m = useMetadata();
  const grid = m.grid(typeof params.gridId === 'string' ? params.gridId : '');
  const entityTypeId = grid?.entityTypeId ?? 0;
  const read = useQuery({
    queryKey: [...queryKeys.gridsOf(entityTypeId), 'career-standing'],
    queryFn: ({ signal }) => api<Standing>('GET', '/career-lattice/standing', undefined, { signal }),
  });
  const s = read.data;
  if (!s) return read.isError ? <p role="alert">{m.text('lattice.unavailable')}</p> : null;
  const statusColumn = grid?.columns.find((c) => c.propertyName === 'verificationStatus');
  const icon: GridIconName | undefined = s.current?.verificationStatus ? statusColumn?.icons?.[s.current.verificationStatus] : undefined;
  return (
    <section className="registry-career-standing" aria-labelledby="career-standing-heading">
      <div className="registry-career-standing__current">
        <h2 className="registry-career-standing__label">{m.text('lattice.currentLevel')}</h2>
        <p className="registry-career-standing__number" aria-label={s.current ? s.current.level : m.text('lattice.noClaim')}>
          {s.current ? s.current.currentLevel : '-'}
        </p>
        {s.current?.verificationStatus && (
          <p className="registry-icon-text">{icon && <GridIcon name={icon} />}{s.current.verificationStatus}</p>
        )}
      </div>
      <div className="registry-career-standing__computed">
        <h2 id="career-standing-heading">{m.text('lattice.computed.heading')}</h2>
        <p data-testid="computed-level">
          {s.computed ? fill(m.text('lattice.computed.level'), { level: s.computed.label }) : m.text('lattice.computed.none')}
        </p>
        <p>{fill(m.text('lattice.computed.facts'), { hours: String(s.facts.cycleHours), start: s.cycle.start, end: s.cycle.end })}</p>
        {s.next ? (
          <>
            <p>{fill(m.text('lattice.computed.next'), { level: s.next.label })}</p>
            <ul data-testid="next-level-missing">{s.next.missing.map((t) => <li key={t}>{t}</li>)}</ul>
          </>
        ) : <p>{m.text('lattice.computed.top')}</p>}
        {s.claimAbove && <p className="usa-alert usa-alert--warning usa-alert--slim usa-alert--no-icon registry-career-standing__flag"><span className="usa-alert__body">{m.text('lattice.claimAboveNote')}</span></p>}
      </div>
    </section>
  );
}

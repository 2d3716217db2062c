import { Alert, Button } from '@trussworks/react-uswds';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { api } from '../app/api-client.js';
import { useMetadata } from '../app/metadata.js';
import { useActiveRole } from '../app/rule-context.js';
import { useToasts } from '../components/toasts.js';
import { DashboardLinks } from './dashboard-links.js';
import { DashboardRoles } from './dashboard-roles.js';
import { DashboardWork } from './dashboard-work.js';
import './dashboard.css';
import { WelcomeModal } from './welcome-modal.js';

interface Alert { alertId: number; subject: string; message: string; dismissible: boolean }

/**
 * Dashboard main: title by role, instructions, dismissible alerts, what waits for the person in
 * the active role (counts linking to the screens; DESIGN section 6), their other roles, guides.
 */
const NO_ALERTS: Alert[] = [];

export function DashboardMain() {
  const m = useMetadata();
  const activeRole = useActiveRole();
  const toasts = useToasts();
  const [params, setParams] = useSearchParams();
  const client = useQueryClient();
  const alertsKey = ['alerts', activeRole];
  const read = useQuery({ queryKey: alertsKey, queryFn: ({ signal }) => api<Alert[]>('GET', '/alert', undefined, { signal }) });
  const alerts = read.data ?? NO_ALERTS;
  const dismissal = useMutation({
    mutationFn: (a: Alert) => api('POST', '/alert/dismiss', { alertId: a.alertId }),
    onSuccess: (_answer, a) => client.setQueryData<Alert[]>(alertsKey, (all) => all?.filter((x) => x.alertId !== a.alertId)),
  });
  const role = m.roleById.get(activeRole);
  const instructions = m.texts[`dashboard.instructions.${activeRole}`];
  const dismiss = async (a: Alert) => {
    try {
      await dismissal.mutateAsync(a);
    } catch (e) {
      toasts.showError(e);
    }
  };
  return (
    <div>
      <h1>{`${role?.dashboardTitle ?? 'My'} Dashboard`}</h1>
      {params.get('displayWelcome') === 'true' && <WelcomeModal message={m.text('welcome.dashboard')} onClose={() => setParams({}, { replace: true })} />}
      {instructions && <p className="usa-intro">{instructions}</p>}
      {alerts.map((a) => (
        <Alert key={a.alertId} type="error" headingLevel="h2" heading={a.subject} className="registry-alert" role="region" aria-label={a.subject}
          cta={a.dismissible ? <Button type="button" unstyled onClick={() => void dismiss(a)}>Dismiss<span className="usa-sr-only"> alert {a.subject}</span></Button> : undefined}>
          <span className="registry-pre-line">{a.message}</span>
        </Alert>
      ))}
      <DashboardWork activeRole={activeRole} />
      <DashboardLinks />
      <DashboardRoles />
      {(role?.guides ?? []).length > 0 && (
        <section aria-labelledby="guides-heading">
          <h2 id="guides-heading">User guides</h2>
          <ul className="usa-list">
            {role!.guides!.map((g) => <li key={g.id}><a href={g.href} target="_blank" rel="noreferrer">{g.label}<span className="usa-sr-only"> (opens in a new window)</span></a></li>)}
          </ul>
        </section>
      )}
    </div>
  );
}

import { bannerShows, environmentOf, isTestHost } from '../../engine/text/environment.js';
import { todayIn } from '../../engine/rules/today.js';
import { useMetadata } from '../app/metadata.js';
import { useSiteConfig } from './site-config.js';

/**
 * The banners above the navigation bar: the tenant's dated offline banner (al, from July 01, 2023;
 * short form on narrow screens) and the training alert on a test host (spec part 1 section 1).
 */
export function SiteBanners() {
  const m = useMetadata();
  const site = useSiteConfig();
  const offline = m.tenant.offlineBanner;
  const today = todayIn(m.tenant.timeZone);
  const showOffline = offline !== undefined && bannerShows(offline.from, today);
  const testAlert = m.tenant.testHostAlert && site.BaseUrl && isTestHost(site.BaseUrl) ? m.tenant.testHostAlert : null;
  if (!showOffline && !testAlert) return null;
  return (
    <div className="registry-banners">
      {showOffline && (
        <section className="usa-site-alert usa-site-alert--emergency usa-site-alert--slim" aria-label={m.text('offline.title')}>
          <div className="usa-alert">
            <div className="usa-alert__body">
              <p className="usa-alert__text">
                <span className="registry-wide-only">{offline.message}</span>
                <span className="registry-narrow-only">{offline.shortMessage}</span>
              </p>
            </div>
          </div>
        </section>
      )}
      {testAlert && (
        <section className="usa-site-alert usa-site-alert--info usa-site-alert--slim" aria-label={m.text('testHost.title')}>
          <div className="usa-alert"><div className="usa-alert__body"><p className="usa-alert__text">{testAlert}</p></div></div>
        </section>
      )}
    </div>
  );
}

/** The dev / uat indicator from BaseUrl; production shows none (decisions: visitors of the real site need no label). */
export function EnvironmentIndicator() {
  const m = useMetadata();
  const site = useSiteConfig();
  const environment = environmentOf(site.BaseUrl || window.location.origin, m.tenant.productionHost);
  if (environment === 'prod') return null;
  return <span data-environment={environment} className={`usa-tag registry-environment registry-environment--${environment}`}>{m.text('environment.label', { environment })}</span>;
}

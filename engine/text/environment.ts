/** Where the registry runs, decided from the configured BaseUrl (spec part 1 section 1). */
export type Environment = 'dev' | 'uat' | 'prod';

function hostOf(baseUrl: string): string {
  try {
    return new URL(baseUrl).hostname.toLowerCase();
  } catch {
    return baseUrl.toLowerCase();
  }
}

/**
 * 'uat' when the BaseUrl contains uat, 'dev' when it contains dev, 'prod' when its host is the
 * production host or under it; anything else (localhost, an unknown host) is 'dev', so an
 * unrecognised site is never mistaken for production.
 */
export function environmentOf(baseUrl: string, productionHost?: string): Environment {
  const url = baseUrl.toLowerCase();
  if (url.includes('uat')) return 'uat';
  if (url.includes('dev')) return 'dev';
  const host = hostOf(baseUrl);
  const prod = productionHost?.toLowerCase();
  if (prod && (host === prod || host.endsWith(`.${prod}`))) return 'prod';
  return 'dev';
}

/** A test host: a host name label that starts with test, uat or train (test.al.registry.example, uat-registry...). */
export function isTestHost(baseUrl: string): boolean {
  return hostOf(baseUrl).split('.').some((label) => /^(test|uat|train)/.test(label));
}

/** Whether a dated banner shows today (both YYYY-MM-DD). */
export function bannerShows(from: string, today: string): boolean {
  return today >= from;
}

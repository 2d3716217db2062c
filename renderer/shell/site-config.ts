import { createContext, useContext } from 'react';
import { api } from '../app/api-client.js';

/** The public configuration values (GET /api/configuration without a key). */
export interface SiteConfig {
  SplashScreen: string;
  BaseUrl: string;
  QuickSightEnabled: string;
  TermsVersion: string;
}

export const OPEN_SITE: SiteConfig = { SplashScreen: 'False', BaseUrl: '', QuickSightEnabled: 'False', TermsVersion: '0' };

export async function loadSiteConfig(): Promise<SiteConfig> {
  try {
    return { ...OPEN_SITE, ...(await api<Partial<SiteConfig>>('GET', '/configuration')) };
  } catch {
    return { ...OPEN_SITE, BaseUrl: window.location.origin };
  }
}

export const SiteConfigContext = createContext<SiteConfig>(OPEN_SITE);

export function useSiteConfig(): SiteConfig {
  return useContext(SiteConfigContext);
}

/** The current terms text, read fresh each time (an administrator may have changed it). */
export async function loadTermsText(): Promise<string> {
  const answer = await api<{ value: string }>('GET', '/configuration?key=TermsAndConditionsText');
  return answer.value;
}

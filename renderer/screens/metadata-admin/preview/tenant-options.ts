/**
 * The tenants a preview may show: the repository's tenant folders (tenants/<code>/tenant.json), read
 * when the renderer is built, so the server needs nothing new.
 */
const FOLDERS = import.meta.glob<string>('../../../../tenants/*/tenant.json', { eager: true, import: 'productName' });

export interface TenantOption {
  code: string;
  name: string;
}

/** The tenant folders by code, sorted. */
export const TENANT_OPTIONS: readonly TenantOption[] = Object.entries(FOLDERS)
  .map(([path, name]) => ({ code: /tenants\/([^/]+)\/tenant\.json$/.exec(path)?.[1] ?? '', name: String(name) }))
  .filter((t) => t.code !== '')
  .sort((a, b) => a.code.localeCompare(b.code));

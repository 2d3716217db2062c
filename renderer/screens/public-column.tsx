import { useEffect, type ReactNode } from 'react';
import { useMetadata } from '../app/metadata.js';

/** The narrow column of the public pages (sign-in, sign-up, password, certificate check); sets the window title. */
export function PublicColumn({ title, children }: { title: string; children: ReactNode }) {
  const m = useMetadata();
  useEffect(() => { document.title = `${title} | ${m.tenant.productName}`; }, [title, m.tenant.productName]);
  return (
    <div className="grid-container padding-y-4">
      <div className="grid-row">
        <div className="grid-col-12 tablet:grid-col-8 desktop:grid-col-6">{children}</div>
      </div>
    </div>
  );
}

import { useEffect, useState } from 'react';
import { saveFile } from '../app/api-client.js';

/**
 * A document shown inside the application (no third-party viewer: records stay on our server),
 * with a download button for people whose browser cannot show it inline.
 */
export function DocumentViewer({ blob, fileName, title, downloadLabel }: { blob: Blob; fileName: string; title: string; downloadLabel: string }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const u = URL.createObjectURL(blob);
    setUrl(u);
    return () => URL.revokeObjectURL(u);
  }, [blob]);
  return (
    <div className="registry-document">
      <div className="registry-document__actions">
        <button type="button" className="usa-button usa-button--outline" onClick={() => saveFile(blob, fileName)}>{downloadLabel}</button>
      </div>
      {url && <iframe className="registry-document__frame" title={title} src={url} />}
    </div>
  );
}

/** A byte count as people read it in a message: '10 MB', '2.5 MB', '64 KB', '512 bytes'. */
export function formatFileSize(bytes: number): string {
  const MB = 1024 * 1024;
  if (bytes >= MB) return `${Math.floor((bytes / MB) * 10) / 10} MB`;
  if (bytes >= 1024) return `${Math.floor(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}

/** What the API answers about a stored file (spec part 2 "File": fileId, fileName, fileSetId), server and browser alike. */
export interface FileInfo {
  fileId: number;
  fileName: string;
  fileSetId: string | null;
  fileKey: string;
  contentType: string;
  size: number;
}

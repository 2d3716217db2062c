// placeholder until the issue 13 screen lands: replaced by its helper
export function MetadataDocumentScreen() {
  return <p>Not yet available.</p>;
}

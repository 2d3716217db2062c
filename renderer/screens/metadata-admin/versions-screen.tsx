// placeholder until the issue 13 screen lands: replaced by its helper
export function MetadataVersionsScreen() {
  return <p>Not yet available.</p>;
}

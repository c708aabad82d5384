/** Task detail, opened by `?action-item=<id>`. (Placeholder until the screen lands.) */
export function TaskScreen({ value }: { value: string }) {
  return <p hidden>{value}</p>;
}

export function FestivalRoute() {
  return <h1>Festival</h1>;
}

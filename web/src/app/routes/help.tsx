export function HelpRoute() {
  return <h1>Ayuda</h1>;
}

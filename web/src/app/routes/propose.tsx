export function ProposeRoute() {
  return <h1>Proponer festival</h1>;
}
